import { operationsEndpoints, type OperationsHealth } from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** Query keys of the operators' tools. */
export const operationsKeys = {
  health: ['devops', 'health'] as const,
};

/** GET /api/devops/health. */
export function fetchHealth(signal?: AbortSignal): Promise<OperationsHealth> {
  return api.call(operationsEndpoints.health, { signal });
}

import {
  operationsEndpoints,
  type OperationsHealth,
  type SynchronizationKind,
  type SynchronizationResult,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** Query keys of the operators' tools. */
export const operationsKeys = {
  health: ['devops', 'health'] as const,
};

/** GET /api/devops/health. */
export function fetchHealth(signal?: AbortSignal): Promise<OperationsHealth> {
  return api.call(operationsEndpoints.health, { signal });
}

/** The three synchronize calls, by what they reconcile. */
const SYNCHRONIZE = {
  conversations: operationsEndpoints.synchronizeConversations,
  flows: operationsEndpoints.synchronizeFlows,
  voice: operationsEndpoints.synchronizeVoice,
} as const;

/** POST …/synchronize: one reconciliation, answered with what it checked and fixed. */
export function synchronize(kind: SynchronizationKind): Promise<SynchronizationResult> {
  return api.call(SYNCHRONIZE[kind], {});
}

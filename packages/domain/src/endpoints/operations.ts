import { operationsHealthSchema } from '../contracts/operations';
import { endpoint } from './endpoint';

const tags = ['devops'] as const;

/** The operators' tools (docs/behaviour/operations.md): the installation's health. Devops only. */
export const operationsEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/devops/health',
    tags,
    summary:
      'The environment (version, Node, database kind, carriers; no secret) and the health of the database, Redis, the job queues and realtime (devops)',
    responses: { 200: operationsHealthSchema },
  }),
};

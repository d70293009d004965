import { operationsHealthSchema, synchronizationResultSchema } from '../contracts/operations';
import { endpoint } from './endpoint';

const tags = ['devops'] as const;

/** The operators' tools (docs/behaviour/operations.md): the installation's health and the three synchronizations. Devops only. */
export const operationsEndpoints = {
  health: endpoint({
    method: 'GET',
    path: '/api/devops/health',
    tags,
    summary:
      'The environment (version, Node, database kind, carriers; no secret) and the health of the database, Redis, the job queues and realtime (devops)',
    responses: { 200: operationsHealthSchema },
  }),
  synchronizeConversations: endpoint({
    method: 'POST',
    path: '/api/conversations/synchronize',
    tags,
    summary:
      'Asks the messaging carrier the status of texts left sent or unknown for more than 5 minutes and records the answers (devops; every organisation; audited)',
    responses: { 200: synchronizationResultSchema },
  }),
  synchronizeFlows: endpoint({
    method: 'POST',
    path: '/api/conversations/flows/synchronize',
    tags,
    summary:
      'Releases the flow locks past their hour that conversations still hold (devops; every organisation; audited)',
    responses: { 200: synchronizationResultSchema },
  }),
  synchronizeVoice: endpoint({
    method: 'POST',
    path: '/api/voice/v1/synchronize',
    tags,
    summary:
      'Asks the voice carrier about calls still open in our records and closes those it says ended (devops; every organisation; audited)',
    responses: { 200: synchronizationResultSchema },
  }),
};

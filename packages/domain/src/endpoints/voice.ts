import { voiceTokenSchema } from '../contracts/voice';
import { endpoint } from './endpoint';

const tags = ['voice'] as const;

/** Browser calls (docs/behaviour/calls.md, "Voice tokens"). */
export const voiceEndpoints = {
  token: endpoint({
    method: 'GET',
    path: '/api/voice/v1/tokens',
    tags,
    summary:
      "An access token for the browser's voice device (403 calls-disabled when the organisation has web calls off)",
    responses: { 200: voiceTokenSchema },
  }),
  refresh: endpoint({
    method: 'GET',
    path: '/api/voice/v1/tokens/refresh',
    tags,
    summary: 'A new access token for the voice device, asked before the current one ends',
    responses: { 200: voiceTokenSchema },
  }),
};

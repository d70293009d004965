import { publicConfigSchema } from '../contracts/public-config';
import { endpoint } from './endpoint';

/** What anyone may read before signing in. */
export const publicEndpoints = {
  config: endpoint({
    method: 'GET',
    path: '/api/config',
    tags: ['public'],
    summary: 'Carrier in use and application version',
    responses: { 200: publicConfigSchema },
  }),
};

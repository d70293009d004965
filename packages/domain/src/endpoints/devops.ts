import { loginResponseSchema } from '../contracts/auth';
import { devopsOrganizationListSchema, startImpersonationRequestSchema } from '../contracts/devops';
import { endpoint } from './endpoint';

const tags = ['devops'] as const;

/**
 * The devops panel's organisations and impersonation: a devops user acts in an organisation,
 * as its administrator, for a limited time (the session carries who impersonates; audited).
 */
export const devopsEndpoints = {
  listOrganizations: endpoint({
    method: 'GET',
    path: '/api/devops/organizations',
    tags,
    summary: 'Every organisation (devops)',
    responses: { 200: devopsOrganizationListSchema },
  }),
  startImpersonation: endpoint({
    method: 'POST',
    path: '/api/devops/impersonations',
    tags,
    summary:
      "Opens a time-limited session as an organisation's administrator (devops); sets the refresh cookie",
    body: startImpersonationRequestSchema,
    responses: { 200: loginResponseSchema },
  }),
  stopImpersonation: endpoint({
    method: 'DELETE',
    path: '/api/devops/impersonations/current',
    tags,
    summary: 'Ends the impersonation and signs the devops user back in to their own organisation',
    responses: { 200: loginResponseSchema },
  }),
};

import { serviceStatusSchema, updateServiceStatusSchema } from '../service-status/service-status';
import { endpoint } from './endpoint';

/**
 * The service's status (docs/behaviour/service-status.md): anyone reads it, signed in or not
 * (the web app polls it every 2 minutes and receives `service-status:updated`); devops set it.
 */
export const serviceStatusEndpoints = {
  getStatus: endpoint({
    method: 'GET',
    path: '/api/status',
    tags: ['public'],
    summary: 'The maintenance status: operational or not, its banner, overlay and planned window',
    responses: { 200: serviceStatusSchema },
  }),
  updateStatus: endpoint({
    method: 'PUT',
    path: '/api/devops/status',
    tags: ['devops'],
    summary: 'Sets the maintenance status shown to every user (devops; audited, pushed live)',
    body: updateServiceStatusSchema,
    responses: { 200: serviceStatusSchema },
  }),
};

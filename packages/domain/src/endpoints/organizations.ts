import { z } from 'zod';
import {
  idParamsSchema,
  organizationScheduleSchema,
  organizationSettingsSchema,
  organizationTierSchema,
  serviceSchema,
  servicesQuerySchema,
  updateOrganizationRequestSchema,
} from '../contracts/organization-settings';
import { endpoint } from './endpoint';

const tags = ['organizations'] as const;
const params = idParamsSchema;

/**
 * The organisation's settings, schedules, services catalogue and tier. Every signed-in member
 * reads them; only administrators change them (403 `forbidden`); another organisation's id
 * answers 404 (docs/behaviour/organization-settings.md).
 */
export const organizationEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/organizations/:id',
    tags,
    summary: 'The organisation’s settings',
    params,
    responses: { 200: organizationSettingsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/organizations',
    tags,
    summary: 'Changes settings of the signed-in user’s organisation (administrators)',
    body: updateOrganizationRequestSchema,
    responses: { 200: organizationSettingsSchema },
  }),
  /** Multipart form with one file field (`logo`), at most `LOGO_MAX_BYTES`: PNG, JPEG or WebP, sniffed from the content. */
  uploadLogo: endpoint({
    method: 'POST',
    path: '/api/organizations/:id/logo',
    tags,
    summary: 'Uploads a new logo (administrators; multipart, one image file)',
    params,
    responses: { 200: organizationSettingsSchema },
  }),
  deleteLogo: endpoint({
    method: 'DELETE',
    path: '/api/organizations/:id/logo',
    tags,
    summary: 'Removes the logo (administrators)',
    params,
    responses: { 200: organizationSettingsSchema },
  }),
  getSchedule: endpoint({
    method: 'GET',
    path: '/api/organizations/:id/schedule',
    tags,
    summary: 'The organisation’s week and vacations',
    params,
    responses: { 200: organizationScheduleSchema },
  }),
  updateSchedule: endpoint({
    method: 'PUT',
    path: '/api/organizations/:id/schedule',
    tags,
    summary: 'Replaces the organisation’s week and vacations (administrators)',
    params,
    body: organizationScheduleSchema,
    responses: { 200: organizationScheduleSchema },
  }),
  services: endpoint({
    method: 'GET',
    path: '/api/services',
    tags,
    summary: 'The services of a sector’s catalogue',
    query: servicesQuerySchema,
    responses: { 200: z.array(serviceSchema) },
  }),
  tier: endpoint({
    method: 'GET',
    path: '/api/tiers/organization/:id',
    tags,
    summary: 'The organisation’s tier permissions and what they allow',
    params,
    responses: { 200: organizationTierSchema },
  }),
};

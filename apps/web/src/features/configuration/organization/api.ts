import {
  organizationEndpoints,
  type OrganizationSettings,
  type Sector,
  type Service,
  type UpdateOrganizationRequest,
} from '@accueil/domain';
import { apiRequest } from '../../../lib/api';
import { api } from '../../../lib/endpoint-client';

/** Query keys of the organisation tab. */
export const organizationKeys = {
  all: ['organization'] as const,
  settings: (organizationId: string) => ['organization', 'settings', organizationId] as const,
  services: (sector: Sector) => ['organization', 'services', sector] as const,
};

/** GET /api/organizations/:id. */
export function fetchOrganizationSettings(
  organizationId: string,
  signal?: AbortSignal,
): Promise<OrganizationSettings> {
  return api.call(organizationEndpoints.get, { params: { id: organizationId }, signal });
}

/** PUT /api/organizations (administrators): the settings given change, the others stay. */
export function saveOrganizationSettings(changes: UpdateOrganizationRequest): Promise<OrganizationSettings> {
  return api.call(organizationEndpoints.update, { body: changes });
}

/** GET /api/services?sector=: the sector's catalogue. */
export function fetchServices(sector: Sector, signal?: AbortSignal): Promise<Service[]> {
  return api.call(organizationEndpoints.services, { query: { sector }, signal });
}

/**
 * POST /api/organizations/:id/logo: a multipart form with the file (the endpoint table has no
 * body for it: JSON bodies only). Answers the settings with the new logo URL.
 */
export function uploadLogo(organizationId: string, file: File): Promise<OrganizationSettings> {
  const form = new FormData();
  form.append('logo', file);
  return apiRequest<OrganizationSettings>(
    'POST',
    `organizations/${encodeURIComponent(organizationId)}/logo`,
    { body: form },
  );
}

/** DELETE /api/organizations/:id/logo. */
export function deleteLogo(organizationId: string): Promise<OrganizationSettings> {
  return api.call(organizationEndpoints.deleteLogo, { params: { id: organizationId } });
}

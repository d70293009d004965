import multipart from '@fastify/multipart';
import {
  AppError,
  LOGO_MAX_BYTES,
  organizationEndpoints as endpoints,
  teamScheduleEndpoints,
} from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { withOrganization } from '../../db/tenant-scope';
import { readMultipartForm } from '../../http/multipart-form';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getTeamSchedule, updateTeamSchedule } from '../teams/index';
import { deleteOrganizationLogo } from './delete-organization-logo';
import { getOrganizationSchedule } from './get-organization-schedule';
import { getOrganizationSettings } from './get-organization-settings';
import { getOrganizationTier } from './get-organization-tier';
import { listServices } from './list-services';
import { authorizeOrganization, organizationNotFound } from './organizations.policy';
import { readOrganizationLogo } from './read-organization-logo';
import { updateOrganizationSchedule } from './update-organization-schedule';
import { updateOrganizationSettings } from './update-organization-settings';
import { uploadOrganizationLogo } from './upload-organization-logo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const orNotFound = <T>(value: T | null): T => {
  if (value === null) throw organizationNotFound();
  return value;
};

/**
 * The organisation's settings, schedules, logo, services catalogue and tier (docs/api.md
 * "Organisation"), and the teams' schedules (their use cases are the teams module's; served here
 * beside the organisation's schedule they fall back to). Every signed-in member reads; only
 * administrators change (403 `forbidden`); another organisation's id answers 404.
 */
export async function organizationsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.get, {
    access,
    handler: async (request) => {
      authorizeOrganization(request.ctx, 'read', request.params.id);
      return orNotFound(await getOrganizationSettings(deps, request.params.id));
    },
  });

  route(app, endpoints.update, {
    access,
    config: { errors: ['phone-invalid'] },
    handler: (request) => {
      authorizeOrganization(request.ctx, 'edit', request.ctx.organizationId);
      return updateOrganizationSettings(deps, request.ctx, request.body);
    },
  });

  // The logo upload reads a multipart body: the parser is registered for this scope only.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 1 } });
    route(scope, endpoints.uploadLogo, {
      access,
      handler: async (request) => {
        authorizeOrganization(request.ctx, 'edit', request.params.id);
        const { files } = await readMultipartForm(request, {
          files: ['logo'],
          requiredFiles: ['logo'],
          notMultipart: 'Send the logo as multipart/form-data (field "logo")',
          tooLarge: `The logo must be ${LOGO_MAX_BYTES / 1_000_000} MB or less`,
        });
        return uploadOrganizationLogo(deps, request.ctx, files.logo!.data);
      },
    });
  });

  route(app, endpoints.deleteLogo, {
    access,
    handler: (request) => {
      authorizeOrganization(request.ctx, 'edit', request.params.id);
      return deleteOrganizationLogo(deps, request.ctx);
    },
  });

  // The logo as an image, outside /api: <img> sends no bearer token, and a logo is public. The
  // request has no session, so no tenant scope: it reads in the scope of the organisation the
  // URL names (row-level security lets that organisation's logo through, and nothing else).
  app.get<{ Params: { id: string }; Querystring: { v?: string } }>(
    '/logos/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const id = UUID.test(request.params.id) ? request.params.id : null;
      const logo = id ? await withOrganization(id, () => readOrganizationLogo(deps, id)) : null;
      if (!logo) throw new AppError('not-found', 'No logo');
      // The URL the settings give carries the logo's version: that one never changes.
      const versioned = request.query.v === String(logo.updatedAt.getTime());
      return reply
        .header('content-type', logo.contentType)
        .header('content-length', logo.size)
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(logo.stream);
    },
  );

  route(app, endpoints.getSchedule, {
    access,
    handler: async (request) => {
      authorizeOrganization(request.ctx, 'read', request.params.id);
      return orNotFound(await getOrganizationSchedule(deps, request.params.id)).schedule;
    },
  });

  route(app, endpoints.updateSchedule, {
    access,
    handler: (request) => {
      authorizeOrganization(request.ctx, 'edit', request.params.id);
      return updateOrganizationSchedule(deps, request.ctx, request.body);
    },
  });

  route(app, endpoints.services, { access, handler: (request) => listServices(request.query.sector) });

  route(app, endpoints.tier, {
    access,
    handler: async (request) => {
      authorizeOrganization(request.ctx, 'read', request.params.id);
      return orNotFound(await getOrganizationTier(deps, request.params.id));
    },
  });

  /** Another organisation's team answers 404 before the role is judged, as a missing one. */
  const requireTeamSchedule = async (organizationId: string, teamId: string) => {
    const schedule = await getTeamSchedule(deps, organizationId, teamId);
    if (!schedule) throw new AppError('not-found', 'Team not found');
    return schedule;
  };

  route(app, teamScheduleEndpoints.get, {
    access,
    handler: (request) => requireTeamSchedule(request.ctx.organizationId, request.params.id),
  });

  route(app, teamScheduleEndpoints.update, {
    access,
    handler: async (request) => {
      await requireTeamSchedule(request.ctx.organizationId, request.params.id);
      authorizeOrganization(request.ctx, 'edit', request.ctx.organizationId);
      return updateTeamSchedule(deps, request.ctx, request.params.id, request.body.schedule);
    },
  });
}

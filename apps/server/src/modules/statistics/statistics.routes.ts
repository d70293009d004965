import { statisticsEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { SANDBOX_EMAIL_CARRIER_NAME } from '../../carriers/email/sandbox/sandbox-email-carrier';
import { withSystemAccess } from '../../db/tenant-scope';
import { getStatisticsReport, refreshStatistics } from './get-statistics-report';
import { runWeeklyReports } from './statistics-weekly-report.job';
import {
  addStatisticsRecipient,
  listStatisticsRecipients,
  removeStatisticsRecipient,
} from './statistics-recipients';

/** The statistics (docs/behaviour/statistics.md): the organisation's administrators only. */
export function statisticsRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = { roles: ['admin', 'super-admin', 'devops'] } as const;
  route(app, endpoints.report, {
    access,
    // `userGroupId` in the query names a team: another organisation's answers 404.
    config: { errors: ['not-found'] },
    handler: (request) => getStatisticsReport(deps, request.ctx, request.query),
  });
  route(app, endpoints.refresh, {
    access,
    handler: async (request, reply) => {
      await refreshStatistics(deps, request.ctx);
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.listRecipients, {
    access,
    handler: (request) => listStatisticsRecipients(deps, request.ctx),
  });
  route(app, endpoints.addRecipient, {
    access,
    config: { errors: ['email-taken'] },
    handler: async (request, reply) =>
      reply.code(201).send(await addStatisticsRecipient(deps, request.ctx, request.body)),
  });
  route(app, endpoints.removeRecipient, {
    access,
    handler: async (request, reply) => {
      await removeStatisticsRecipient(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  // A development and test tool, as the sandbox's pages: with the sandbox e-mail carrier only
  // (its mails stay in the sandbox mailbox), no sign-in, across organisations.
  if (deps.email.name === SANDBOX_EMAIL_CARRIER_NAME)
    route(app, endpoints.sandboxWeeklyReport, {
      access: 'public',
      handler: (request) =>
        withSystemAccess('sandbox', () =>
          runWeeklyReports(deps, request.body?.now ? new Date(request.body.now) : new Date()),
        ),
    });
  return Promise.resolve();
}

import { AppError, type CommunicationTemplate, type CommunicationTemplatesQuery } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { findUserAccount } from '../users/index';
import { authorizeTemplates } from './communication.policy';
import { templatesOfSector } from './templates/templates-catalogue';

/**
 * GET /api/communication-templates?type=sms&userId=&locale=&sector=: the SMS templates shipped
 * with the product for a sector, in one locale (docs/behaviour/quick-messages.md).
 * - `sector`: default the organisation's (`other` when it has none); another sector is for
 *   marketing only (403 `forbidden`).
 * - `locale`: default the organisation's.
 * - `userId`: the user they are for; must be a user of the caller's organisation.
 * @throws AppError `not-found` for a `userId` of another organisation (or none), `forbidden` as above.
 */
export async function listCommunicationTemplates(
  deps: AppDeps,
  ctx: RequestContext,
  query: CommunicationTemplatesQuery,
): Promise<CommunicationTemplate[]> {
  if (query.userId !== undefined) {
    const user = await findUserAccount(deps, query.userId);
    if (!user || user.organizationId !== ctx.organizationId)
      throw new AppError('not-found', 'User not found');
  }
  const organization = await getOrganizationSettings(deps, ctx.organizationId);
  if (!organization) throw new AppError('not-found', 'Organisation not found');
  const organizationSector = organization.sector ?? 'other';
  const sector = query.sector ?? organizationSector;
  authorizeTemplates(ctx, { sector, organizationSector });
  return templatesOfSector(sector, query.locale ?? organization.locale);
}

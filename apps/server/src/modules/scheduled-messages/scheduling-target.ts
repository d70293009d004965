import { AppError, normalizeOutboundPhone } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getConversation } from '../conversations/index';
import { getOrganization } from '../organizations/index';

/** Where a scheduled message goes and in which time zone its date and time are read. */
export type SchedulingTarget = { conversationId: string | null; toPhone: string; timeZone: string };

/**
 * The conversation (from the composer: one of the current team's, read as its members read it)
 * or the number (from a contact: read in the organisation's country, E.164), and the
 * organisation's time zone.
 * @throws AppError 'not-found' (conversation missing, another team's or organisation's);
 *   'phone-invalid' (not a number that can be texted: anonymous and emergency numbers included).
 */
export async function schedulingTarget(
  deps: AppDeps,
  ctx: RequestContext,
  input: { conversationId?: string; toPhoneNumber?: string },
): Promise<SchedulingTarget> {
  const organization = await getOrganization(deps, ctx.organizationId);
  const timeZone = organization?.timeZone ?? 'America/Toronto';
  if (input.conversationId) {
    const conversation = await getConversation(deps, ctx, input.conversationId);
    return { conversationId: conversation.id, toPhone: conversation.friendlyName, timeZone };
  }
  const toPhone = normalizeOutboundPhone(
    input.toPhoneNumber ?? '',
    (organization?.country ?? 'CA') as CountryCode,
  );
  if (!toPhone) throw new AppError('phone-invalid', `Invalid phone number: ${input.toPhoneNumber ?? ''}`);
  return { conversationId: null, toPhone, timeZone };
}

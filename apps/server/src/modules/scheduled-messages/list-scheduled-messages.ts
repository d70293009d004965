import {
  normalizeOutboundPhone,
  SCHEDULED_MESSAGE_LIST_MAX,
  scheduledLookupAllowed,
  type ScheduledMessage,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationCountry } from '../organizations/index';
import { presentWithSends } from './load-scheduled-message';

/** Filters of GET /api/scheduled-messages. */
export type ListScheduledMessagesOptions = {
  conversationId?: string | undefined;
  state?: 'scheduled' | 'sent' | 'failed' | undefined;
};

/**
 * GET /api/scheduled-messages: the current team's scheduled messages (none without a current
 * team), soonest first, at most `SCHEDULED_MESSAGE_LIST_MAX`; optionally of one conversation
 * or in one state.
 */
export async function listScheduledMessages(
  deps: AppDeps,
  ctx: RequestContext,
  options: ListScheduledMessagesOptions,
): Promise<{ items: ScheduledMessage[] }> {
  if (!ctx.teamId) return { items: [] };
  const filters: SQL[] = [
    eq(scheduledMessages.organizationId, ctx.organizationId),
    eq(scheduledMessages.teamId, ctx.teamId),
  ];
  if (options.conversationId) filters.push(eq(scheduledMessages.conversationId, options.conversationId));
  if (options.state) filters.push(eq(scheduledMessages.state, options.state));
  return { items: await listWhere(deps, ctx, filters) };
}

/**
 * GET /api/scheduled-messages/phone/:phone: the current team's messages to that number still
 * to be sent, soonest first. An emergency or anonymous number is not looked up (empty list),
 * nor is a number that cannot be read.
 */
export async function listScheduledMessagesForPhone(
  deps: AppDeps,
  ctx: RequestContext,
  phone: string,
): Promise<{ items: ScheduledMessage[] }> {
  if (!ctx.teamId || !scheduledLookupAllowed(phone)) return { items: [] };
  const e164 = normalizeOutboundPhone(
    phone,
    (await getOrganizationCountry(deps, ctx.organizationId)) as CountryCode,
  );
  if (!e164) return { items: [] };
  const filters = [
    eq(scheduledMessages.organizationId, ctx.organizationId),
    eq(scheduledMessages.teamId, ctx.teamId),
    eq(scheduledMessages.toPhone, e164),
    eq(scheduledMessages.state, 'scheduled'),
  ];
  return { items: await listWhere(deps, ctx, filters) };
}

async function listWhere(deps: AppDeps, ctx: RequestContext, filters: SQL[]): Promise<ScheduledMessage[]> {
  const rows = await deps.db
    .select()
    .from(scheduledMessages)
    .where(and(...filters))
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id))
    .limit(SCHEDULED_MESSAGE_LIST_MAX);
  return presentWithSends(deps.db, ctx.organizationId, rows);
}

import { defaultOrganizationOptions, defaultSchedule, type Schedule } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import type { organizations } from '../db/schema/organizations';
import { startInboundCall, type InboundCallDecision } from '../modules/calls/index';
import { buildOrganization, type InDatabase, type OrganizationRow } from './factories';

/**
 * Calls for tests: the organisation a call needs (its queue option and schedule), and inbound
 * calls started through the real use case (`startInboundCall`), as the carrier's webhook does.
 */

/** Tuesday 24 November 2026, 10:00 in America/Toronto: open in the default week (Mon–Fri 09:00–17:00). */
export const OPEN_TUESDAY_10H = new Date('2026-11-24T15:00:00Z');
/** Saturday 28 November 2026, 10:00 in America/Toronto: closed in the default week. */
export const CLOSED_SATURDAY_10H = new Date('2026-11-28T15:00:00Z');

/** A unique carrier SID: `prefix` (`CA` a call, `RE` a recording, `CB` a callback) and 32 hex digits. */
export function newSid(prefix = 'CA'): string {
  return `${prefix}${randomUUID().replaceAll('-', '')}`;
}

/** The default schedule with every day open all day (00:00–23:59), or closed all week (`open` false). */
export function allWeekSchedule(open = true): Schedule {
  return {
    ...defaultSchedule(),
    week: defaultSchedule().week.map((d) => ({ ...d, enabled: open, start: '00:00', end: '23:59' })),
  };
}

/**
 * An organisation taking calls: the default options with its voice queue on or off (`queue`,
 * default off), the other columns as given (`buildOrganization`).
 */
export async function buildCallOrganization(
  input: { queue?: boolean } & Partial<typeof organizations.$inferInsert> & InDatabase = {},
): Promise<OrganizationRow> {
  const { queue = false, ...overrides } = input;
  const options = overrides.options ?? defaultOrganizationOptions();
  return buildOrganization({
    ...overrides,
    options: { ...options, voiceQueue: { ...options.voiceQueue, enabled: queue } },
  });
}

/**
 * An inbound call through the real use case (`startInboundCall`, sandbox carrier unless
 * `carrier`): from `from` (+1 514 555-0123 by default) to the team number `to`, at `at` (now by
 * default), with a new SID unless `callSid` (the same SID again is a retried webhook). Answers the
 * routing decision with the stored call, or null as the use case does (no team has `to`, or
 * incoming calls are off).
 */
export function buildInboundCall(
  deps: Parameters<typeof startInboundCall>[0],
  input: { to: string; from?: string; at?: Date; callSid?: string; carrier?: string },
): Promise<InboundCallDecision | null> {
  return startInboundCall(deps, {
    carrier: input.carrier ?? 'sandbox',
    callSid: input.callSid ?? newSid(),
    from: input.from ?? '+15145550123',
    to: input.to,
    ...(input.at ? { at: input.at } : {}),
  });
}

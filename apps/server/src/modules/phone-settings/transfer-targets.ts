import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { sipUsers, transferExtensions } from '../../db/schema/phone-settings';
import { readPhoneSettings } from './manage-phone-settings';

/** A transfer extension as a transfer dials it: its E.164 number, then its digits (null: none). */
export type ExtensionTarget = { id: string; name: string; phoneNumber: string; extension: string | null };

/**
 * One of the organisation's transfer extensions, for a call transfer; null when the id is not
 * the organisation's (another organisation's extension is not found either).
 */
export async function findTransferExtension(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; id: string },
): Promise<ExtensionTarget | null> {
  const [row] = await deps.db
    .select({
      id: transferExtensions.id,
      name: transferExtensions.name,
      phoneNumber: transferExtensions.phoneNumber,
      extension: transferExtensions.extension,
    })
    .from(transferExtensions)
    .where(
      and(eq(transferExtensions.organizationId, input.organizationId), eq(transferExtensions.id, input.id)),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A SIP user of the organisation as a transfer addresses it: `known` when the Phones settings
 * list it, and its address (`sip:user@domain`, the organisation's SIP domain; null without one).
 */
export type SipLineAddress = { username: string; known: boolean; uri: string | null };

/** The address of the organisation's SIP line `username` (see `SipLineAddress`), for a call transfer. */
export async function sipLineAddress(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; username: string },
): Promise<SipLineAddress> {
  const [[known], settings] = await Promise.all([
    deps.db
      .select({ id: sipUsers.id })
      .from(sipUsers)
      .where(and(eq(sipUsers.organizationId, input.organizationId), eq(sipUsers.username, input.username)))
      .limit(1),
    readPhoneSettings(deps.db, input.organizationId),
  ]);
  return {
    username: input.username,
    known: !!known,
    uri: settings.sipDomain ? `sip:${input.username}@${settings.sipDomain}` : null,
  };
}

/** The organisation's SIP lines (Phones settings' SIP users), by user name, for the transfer dialog. */
export async function listSipLines(
  deps: Pick<AppDeps, 'db'>,
  organizationId: string,
): Promise<{ username: string; displayName: string | null }[]> {
  return deps.db
    .select({ username: sipUsers.username, displayName: sipUsers.displayName })
    .from(sipUsers)
    .where(eq(sipUsers.organizationId, organizationId))
    .orderBy(asc(sipUsers.username));
}

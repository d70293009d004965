import type { SipAssignment } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { userPhoneLines } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';

/** The SIP user name assigned to `userId`, or null. */
export async function readPhoneLine(tx: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await tx.select({ sip: userPhoneLines.sipUsername }).from(userPhoneLines).where(eq(userPhoneLines.userId, userId)).limit(1);
  return row?.sip ?? null;
}

/** GET /api/sips/v1/users/assigned: the caller's associated phone line (null when none). */
export async function getAssignedPhoneLine(deps: AppDeps, ctx: RequestContext): Promise<SipAssignment> {
  return { userId: ctx.userId, sipUsername: await readPhoneLine(deps.db, ctx.userId) };
}

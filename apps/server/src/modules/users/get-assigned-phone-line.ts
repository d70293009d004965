import type { SipAssignment } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { userPhoneLines } from '../../db/schema/users';
import type { RequestContext } from '../../http/request-context';

/** The SIP user name assigned to `userId`, or null. */
export async function readPhoneLine(tx: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ sip: userPhoneLines.sipUsername })
    .from(userPhoneLines)
    .where(eq(userPhoneLines.userId, userId))
    .limit(1);
  return row?.sip ?? null;
}

/** The user of `organizationId` the SIP line `sipUsername` is assigned to, or null (a call transferred to the line reaches them). */
export async function findPhoneLineHolder(
  deps: Pick<AppDeps, 'db'>,
  input: { organizationId: string; sipUsername: string },
): Promise<string | null> {
  const [row] = await deps.db
    .select({ userId: userPhoneLines.userId })
    .from(userPhoneLines)
    .where(
      and(
        eq(userPhoneLines.organizationId, input.organizationId),
        eq(userPhoneLines.sipUsername, input.sipUsername),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** GET /api/sips/v1/users/assigned: the caller's associated phone line (null when none). */
export async function getAssignedPhoneLine(deps: AppDeps, ctx: RequestContext): Promise<SipAssignment> {
  return { userId: ctx.userId, sipUsername: await readPhoneLine(deps.db, ctx.userId) };
}

import type { CreatedInvitationCode } from '@accueil/domain';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { invitationCodes } from '../../db/schema/invitation-codes';
import type { RequestContext } from '../../http/request-context';
import { getAnyUserName } from '../users/index';
import { hashInvitationCode, newInvitationCode } from './invitation-code-secret';
import { presentInvitationCode } from './invitation-codes.presenter';
import { authorizeInvitationCodes } from './onboarding.policy';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /api/devops/invitation-codes: a new single-use code valid `validDays` days; answers it in
 * clear this once (only its hash is stored). Recorded (`invitation-code.created`, never the
 * code) in the devops user's organisation's audit log, from the domain event recorded in the same
 * transaction.
 * @throws AppError 'forbidden' unless devops.
 */
export async function createInvitationCode(
  deps: AppDeps,
  ctx: RequestContext,
  input: { label?: string; validDays: number },
  now = new Date(),
): Promise<CreatedInvitationCode> {
  authorizeInvitationCodes(ctx);
  return transactionWithEvents(deps, async (tx) => {
    const created = await insertInvitationCode(
      deps,
      { createdByUserId: ctx.userId, label: input.label || null, validDays: input.validDays, now },
      tx,
    );
    await recordEvent(tx, {
      name: 'invitation-code.created',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { invitationCodeId: created.id, label: created.label, expiresAt: created.expiresAt },
      occurredAt: now,
    });
    return created;
  });
}

/**
 * Stores a new invitation code and returns it with its listing (also the demo seed's, printed
 * at first start with no creator), inside `tx` when given.
 */
export async function insertInvitationCode(
  deps: Pick<AppDeps, 'db'>,
  input: { createdByUserId: string | null; label: string | null; validDays: number; now: Date },
  tx: DbOrTx = deps.db,
): Promise<CreatedInvitationCode> {
  const code = newInvitationCode();
  const [row] = await tx
    .insert(invitationCodes)
    .values({
      codeHash: hashInvitationCode(code),
      label: input.label,
      createdByUserId: input.createdByUserId,
      createdAt: input.now,
      expiresAt: new Date(input.now.getTime() + input.validDays * DAY_MS),
    })
    .returning();
  const createdBy = input.createdByUserId ? await getAnyUserName(deps, input.createdByUserId, tx) : null;
  return { ...presentInvitationCode(row!, { createdBy, organization: null }, input.now), code };
}

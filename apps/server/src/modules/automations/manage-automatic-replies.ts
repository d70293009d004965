import {
  AppError,
  type AutomaticReply,
  type AutomaticReplyKind,
  type PutAutomaticReplyRequest,
} from '@accueil/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { automaticReplies } from '../../db/schema/automations';
import type { RequestContext } from '../../http/request-context';
import { getTeam } from '../teams/index';
import { presentAutomaticReply, type AutomaticReplyRow } from './automatic-replies.presenter';
import { authorizeAutomationEdit } from './automations.policy';

/** Whether the organisation has one of `kinds` switched on, its own or one of its teams'. */
export async function hasEnabledAutomaticReply(
  db: DbOrTx,
  organizationId: string,
  kinds: readonly AutomaticReplyKind[],
): Promise<boolean> {
  const [row] = await db
    .select({ id: automaticReplies.id })
    .from(automaticReplies)
    .where(
      and(
        eq(automaticReplies.organizationId, organizationId),
        eq(automaticReplies.enabled, true),
        inArray(automaticReplies.kind, [...kinds]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Every automatic reply setting of the organisation (its own, then its teams'), rows. */
export async function listAutomaticReplyRows(
  db: DbOrTx,
  organizationId: string,
): Promise<AutomaticReplyRow[]> {
  return db
    .select()
    .from(automaticReplies)
    .where(eq(automaticReplies.organizationId, organizationId))
    .orderBy(
      sql`${automaticReplies.teamId} IS NOT NULL`,
      asc(automaticReplies.teamId),
      asc(automaticReplies.kind),
    );
}

/** GET /api/automatic-replies: every member of the organisation reads them. */
export async function listAutomaticReplies(deps: AppDeps, ctx: RequestContext): Promise<AutomaticReply[]> {
  return (await listAutomaticReplyRows(deps.db, ctx.organizationId)).map(presentAutomaticReply);
}

/**
 * PUT /api/automatic-replies (administrators): sets the text and the switch of one kind for
 * the organisation or one of its teams (created on first use). Audited (`automatic-reply.changed`).
 * @throws AppError `forbidden` (403), `not-found` (a team of another organisation).
 */
export async function putAutomaticReply(
  deps: AppDeps,
  ctx: RequestContext,
  input: PutAutomaticReplyRequest,
): Promise<AutomaticReply> {
  authorizeAutomationEdit(ctx);
  return transactionWithEvents(deps, async (tx) => {
    if (input.teamId && !(await getTeam(deps, ctx.organizationId, input.teamId, tx)))
      throw new AppError('not-found', 'Team not found');
    const scope = and(
      eq(automaticReplies.organizationId, ctx.organizationId),
      input.teamId ? eq(automaticReplies.teamId, input.teamId) : isNull(automaticReplies.teamId),
      eq(automaticReplies.kind, input.kind),
    );
    const [existing] = await tx.select().from(automaticReplies).where(scope).for('update');
    const values = { enabled: input.enabled, body: input.body, updatedAt: new Date() };
    const [row] = existing
      ? await tx.update(automaticReplies).set(values).where(eq(automaticReplies.id, existing.id)).returning()
      : await tx
          .insert(automaticReplies)
          .values({ organizationId: ctx.organizationId, teamId: input.teamId, kind: input.kind, ...values })
          .returning();
    await recordEvent(tx, {
      name: 'automatic-reply.changed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { automaticReplyId: row!.id, kind: input.kind, teamId: input.teamId, enabled: input.enabled },
    });
    return presentAutomaticReply(row!);
  });
}

/**
 * DELETE /api/automatic-replies/:id (administrators): a team's own setting goes; the team
 * follows the organisation's again. The organisation's own settings are turned off, not deleted.
 * @throws AppError `forbidden`, `not-found` (missing, another organisation's, or the organisation's own).
 */
export async function deleteAutomaticReply(deps: AppDeps, ctx: RequestContext, id: string): Promise<void> {
  authorizeAutomationEdit(ctx);
  await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .delete(automaticReplies)
      .where(
        and(
          eq(automaticReplies.organizationId, ctx.organizationId),
          eq(automaticReplies.id, id),
          sql`${automaticReplies.teamId} IS NOT NULL`,
        ),
      )
      .returning();
    if (!row) throw new AppError('not-found', 'Automatic reply not found');
    await recordEvent(tx, {
      name: 'automatic-reply.removed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      // The stored kind is one of the closed set (checked by the payload's schema).
      payload: { automaticReplyId: row.id, kind: row.kind as AutomaticReplyKind, teamId: row.teamId },
    });
  });
}

import { AppError, type StatisticsRecipient, type StatisticsRecipientRequest } from '@accueil/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { statisticsRecipients } from '../../db/schema/statistics';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import type { RequestContext } from '../../http/request-context';
import { authorizeRecipientsEdit, authorizeStatisticsRead } from './statistics.policy';

type RecipientRow = typeof statisticsRecipients.$inferSelect;

/** Row → API shape. */
function presentRecipient(row: RecipientRow): StatisticsRecipient {
  return { id: row.id, email: row.email, createdAt: row.createdAt.toISOString() };
}

/**
 * GET /api/statistics/recipients (administrators): the organisation's recipients of the weekly
 * report, oldest first.
 * @throws AppError `forbidden`.
 */
export async function listStatisticsRecipients(
  deps: AppDeps,
  ctx: RequestContext,
): Promise<StatisticsRecipient[]> {
  authorizeStatisticsRead(ctx);
  const rows = await deps.db
    .select()
    .from(statisticsRecipients)
    .where(eq(statisticsRecipients.organizationId, ctx.organizationId))
    .orderBy(asc(statisticsRecipients.createdAt), asc(statisticsRecipients.email));
  return rows.map(presentRecipient);
}

/**
 * POST /api/statistics/recipients (administrators): adds an address (lower-cased by the request
 * schema). An address already in the list is refused (organisation-setup-content.md §5) by the
 * unique index, so two administrators adding it at once cannot both succeed. Audited
 * (`statistics-recipient.added`).
 * @throws AppError `forbidden`, `email-taken` (409).
 */
export async function addStatisticsRecipient(
  deps: AppDeps,
  ctx: RequestContext,
  input: StatisticsRecipientRequest,
): Promise<StatisticsRecipient> {
  authorizeRecipientsEdit(ctx);
  return transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .insert(statisticsRecipients)
      .values({ organizationId: ctx.organizationId, email: input.email })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError('email-taken', 'This email is already in use', { field: 'email' });
    await recordEvent(tx, {
      name: 'statistics-recipient.added',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { recipientId: row.id, email: row.email },
    });
    return presentRecipient(row);
  });
}

/**
 * DELETE /api/statistics/recipients/:id (administrators). Audited (`statistics-recipient.removed`,
 * with the address it had).
 * @throws AppError `forbidden`, `not-found` (missing, or another organisation's).
 */
export async function removeStatisticsRecipient(
  deps: AppDeps,
  ctx: RequestContext,
  id: string,
): Promise<void> {
  authorizeRecipientsEdit(ctx);
  await transactionWithEvents(deps, async (tx) => {
    const [row] = await tx
      .delete(statisticsRecipients)
      .where(
        and(eq(statisticsRecipients.organizationId, ctx.organizationId), eq(statisticsRecipients.id, id)),
      )
      .returning();
    if (!row) throw new AppError('not-found', 'Statistics recipient not found');
    await recordEvent(tx, {
      name: 'statistics-recipient.removed',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { recipientId: row.id, email: row.email },
    });
  });
}

import type { ScheduledMessage } from '@accueil/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { scheduledMessageSends, scheduledMessages } from '../../db/schema/scheduled-messages';
import type { RequestContext } from '../../http/request-context';
import { presentScheduledMessage, type ScheduledMessageRow } from './scheduled-messages.presenter';

/** The organisation's scheduled message `id` (locked with `forUpdate`), or undefined. */
export async function findScheduledMessage(
  db: DbOrTx,
  ctx: RequestContext,
  id: string,
  forUpdate = false,
): Promise<ScheduledMessageRow | undefined> {
  const query = db
    .select()
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.organizationId, ctx.organizationId), eq(scheduledMessages.id, id)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

/** The rows presented with their sends, in the rows' order. */
export async function presentWithSends(
  db: DbOrTx,
  organizationId: string,
  rows: readonly ScheduledMessageRow[],
): Promise<ScheduledMessage[]> {
  if (rows.length === 0) return [];
  const sends = await db
    .select()
    .from(scheduledMessageSends)
    .where(
      and(
        eq(scheduledMessageSends.organizationId, organizationId),
        inArray(
          scheduledMessageSends.scheduledMessageId,
          rows.map((r) => r.id),
        ),
      ),
    )
    .orderBy(asc(scheduledMessageSends.dueAt));
  return rows.map((row) =>
    presentScheduledMessage(
      row,
      sends.filter((s) => s.scheduledMessageId === row.id),
    ),
  );
}

import { AppError, type Label } from '@accueil/domain';
import { and, asc, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { conversationLabels, labels } from '../../db/schema/labels';

/**
 * The labels of each of `conversationIds` (all of `organizationId`), by name (case ignored), in
 * one query for a whole page; a conversation without labels is absent from the map.
 */
export async function getLabelsOfConversations(
  db: DbOrTx,
  organizationId: string,
  conversationIds: readonly string[],
): Promise<Map<string, Label[]>> {
  const byConversation = new Map<string, Label[]>();
  if (!conversationIds.length) return byConversation;
  const rows = await db
    .select({
      conversationId: conversationLabels.conversationId,
      id: labels.id,
      name: labels.name,
      color: labels.color,
    })
    .from(conversationLabels)
    .innerJoin(labels, eq(labels.id, conversationLabels.labelId))
    .where(
      and(
        eq(conversationLabels.organizationId, organizationId),
        inArray(conversationLabels.conversationId, [...conversationIds]),
      ),
    )
    .orderBy(asc(sql`lower(${labels.name})`), asc(labels.id));
  for (const { conversationId, ...label } of rows) {
    const list = byConversation.get(conversationId);
    if (list) list.push(label);
    else byConversation.set(conversationId, [label]);
  }
  return byConversation;
}

/**
 * Makes `labelIds` the conversation's whole set of labels (the caller checked the conversation
 * is the organisation's and locked it); answers which ids it added and removed.
 * @throws AppError `label-not-found` (422) when an id is not one of the organisation's labels.
 */
export async function replaceConversationLabels(
  tx: DbOrTx,
  organizationId: string,
  conversationId: string,
  labelIds: readonly string[],
): Promise<{ added: string[]; removed: string[] }> {
  if (labelIds.length) {
    const known = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.organizationId, organizationId), inArray(labels.id, [...labelIds])));
    const knownIds = new Set(known.map((r) => r.id));
    const unknown = labelIds.filter((id) => !knownIds.has(id));
    if (unknown.length)
      throw new AppError('label-not-found', 'No such label in the organisation', { labelIds: unknown });
  }
  const current = await tx
    .select({ labelId: conversationLabels.labelId })
    .from(conversationLabels)
    .where(
      and(
        eq(conversationLabels.organizationId, organizationId),
        eq(conversationLabels.conversationId, conversationId),
      ),
    );
  const had = new Set(current.map((r) => r.labelId));
  const wanted = new Set(labelIds);
  const added = labelIds.filter((id) => !had.has(id));
  const removed = [...had].filter((id) => !wanted.has(id));
  if (removed.length) {
    await tx
      .delete(conversationLabels)
      .where(
        and(
          eq(conversationLabels.conversationId, conversationId),
          inArray(conversationLabels.labelId, removed),
        ),
      );
  }
  if (added.length) {
    await tx
      .insert(conversationLabels)
      .values(added.map((labelId) => ({ organizationId, conversationId, labelId })));
  }
  return { added, removed };
}

/**
 * A condition for the conversations list (`?labelId=`): the conversation whose id is
 * `conversationId` carries the label. A correlated EXISTS on the (conversation, label) key.
 */
export function hasConversationLabel(conversationId: AnyColumn, labelId: string): SQL {
  return sql`exists (select 1 from conversation_labels cl where cl.conversation_id = ${conversationId} and cl.label_id = ${labelId})`;
}

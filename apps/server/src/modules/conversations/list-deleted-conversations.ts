import {
  AppError,
  can,
  DELETED_CONVERSATION_RETENTION_MS,
  type Contact,
  type DeletedConversation,
} from '@accueil/domain';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { conversations } from '../../db/schema/conversations';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';
import { getContactsByIds } from '../contacts/index';
import { listTeamsOfOrganization } from '../teams/index';
import { getUserNames } from '../users/index';

/**
 * GET /api/conversations/deleted: the organisation's deleted conversations (every team) that
 * can still be restored (deleted less than 30 days ago), most recently deleted first.
 * @throws AppError 'forbidden' unless the rules let the actor restore conversations (administrators).
 */
export async function listDeletedConversations(
  deps: AppDeps,
  ctx: RequestContext,
  now = new Date(),
): Promise<{ items: DeletedConversation[] }> {
  if (!can(actorOf(ctx), 'conversation.restore', { organizationId: ctx.organizationId })) {
    throw new AppError('forbidden', 'Only an administrator restores conversations');
  }
  const since = new Date(now.getTime() - DELETED_CONVERSATION_RETENTION_MS);
  const rows = await deps.db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.organizationId, ctx.organizationId),
        isNotNull(conversations.deletedAt),
        gt(conversations.deletedAt, since),
      ),
    )
    .orderBy(desc(conversations.deletedAt))
    .limit(500);
  const contactIds = rows.flatMap((r) => (r.contactId ? [r.contactId] : []));
  const contacts = contactIds.length
    ? await getContactsByIds(deps.db, ctx.organizationId, contactIds)
    : new Map<string, Contact>();
  const labels = new Map(
    (await listTeamsOfOrganization(deps, ctx.organizationId)).map((t) => [t.id, t.label]),
  );
  const names = await getUserNames(
    deps,
    ctx.organizationId,
    rows.flatMap((r) => (r.deletedBy ? [r.deletedBy] : [])),
  );
  return {
    items: rows.map((r) => {
      const contact = r.contactId ? contacts.get(r.contactId) : undefined;
      const deletedAt = r.deletedAt!;
      return {
        id: r.id,
        friendlyName: r.address,
        contactName: contact ? contact.fullname || null : null,
        userGroup: { id: r.teamId, label: labels.get(r.teamId) ?? '' },
        deletedAt: deletedAt.toISOString(),
        deletedBy: r.deletedBy ? { id: r.deletedBy, name: names.get(r.deletedBy) ?? '' } : null,
        restorableUntil: new Date(deletedAt.getTime() + DELETED_CONVERSATION_RETENTION_MS).toISOString(),
      };
    }),
  };
}

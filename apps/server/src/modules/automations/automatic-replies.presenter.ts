import type { AutomaticReply, AutomaticReplyKind } from '@accueil/domain';
import type { automaticReplies } from '../../db/schema/automations';

/** A stored automatic reply setting. */
export type AutomaticReplyRow = typeof automaticReplies.$inferSelect;

/** Row → API shape. */
export function presentAutomaticReply(row: AutomaticReplyRow): AutomaticReply {
  return {
    id: row.id,
    teamId: row.teamId,
    kind: row.kind as AutomaticReplyKind,
    enabled: row.enabled,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The kinds of the user's own notifications that show on the desktop (docs/behaviour/notifications.md). */
export type NotifiedKind = 'assigned' | 'mention' | 'inbound-text';

/**
 * The `tag` of a desktop notification of `kind` about a conversation: one per conversation and
 * kind, so a second replaces the first (docs/behaviour/notifications.md). The open tab's
 * notifications (`inbound-notice.ts`) and the service worker's pushed ones (`sw/push-handlers.ts`)
 * share it, so a push arriving while a hidden tab already showed the same one replaces it.
 */
export const notificationTag = (kind: NotifiedKind, conversationId: string): string =>
  `accueil-${kind}-${conversationId}`;

import type { PresenceStatus } from '@accueil/domain';

/**
 * The colour of each presence's dot (docs/behaviour/realtime.md, "Presence"). The dot carries the
 * colour; the text beside it stays the theme's (contrast).
 */
export const PRESENCE_COLOR: Record<PresenceStatus, string> = {
  online: 'teal',
  away: 'yellow',
  busy: 'red',
  offline: 'gray',
};

let own: PresenceStatus | null = null;

/**
 * Remembers the signed-in user's own presence as the side menu shows it (the menu calls this on
 * every change), so the sounds can stay quiet while they are busy (docs/behaviour/notifications.md).
 */
export function setOwnPresence(status: PresenceStatus | null): void {
  own = status;
}

/** The signed-in user's own presence as last shown, or null before the side menu knew it. */
export function ownPresence(): PresenceStatus | null {
  return own;
}

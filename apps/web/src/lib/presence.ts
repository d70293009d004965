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

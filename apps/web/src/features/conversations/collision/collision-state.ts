import {
  COLLISION_TYPING_EXPIRY_MS,
  COLLISION_VIEWING_EXPIRY_MS,
  type ConversationActivity,
} from '@accueil/domain';

/** A colleague as the collision warnings name them. */
export type CollisionUser = { id: string; name: string };

/** What one colleague is doing in the open conversation, until when (epoch ms; 0: not doing it). */
type Activity = CollisionUser & { viewingUntil: number; typingUntil: number };

/** Who is doing what in one conversation, by user id (immutable: each change makes a new map). */
export type CollisionState = ReadonlyMap<string, Activity>;

/** Nobody there yet. */
export const NO_COLLISION: CollisionState = new Map();

/**
 * The state after `activity` arrived at `now` (docs/behaviour/notes-and-presence.md, "Who is
 * viewing and typing"): `viewing` shows the user for `COLLISION_VIEWING_EXPIRY_MS` (each
 * heartbeat extends it); `typing` shows them typing for `COLLISION_TYPING_EXPIRY_MS` and, being
 * there, viewing as well; `left` forgets them at once.
 */
export function applyActivity(
  state: CollisionState,
  activity: ConversationActivity,
  now: number,
): CollisionState {
  const next = new Map(state);
  const { id, name } = activity.user;
  if (activity.kind === 'left') {
    next.delete(id);
    return next;
  }
  const before = state.get(id);
  const viewingUntil = Math.max(before?.viewingUntil ?? 0, now + COLLISION_VIEWING_EXPIRY_MS);
  const typingUntil =
    activity.kind === 'typing' ? now + COLLISION_TYPING_EXPIRY_MS : (before?.typingUntil ?? 0);
  next.set(id, { id, name, viewingUntil, typingUntil });
  return next;
}

/**
 * Who is viewing and who is typing at `now`, by name, and when the next of these ends (epoch ms,
 * null when nothing is shown): the moment to look again.
 */
export function liveActivity(
  state: CollisionState,
  now: number,
): { viewers: CollisionUser[]; typers: CollisionUser[]; nextChange: number | null } {
  const viewers: CollisionUser[] = [];
  const typers: CollisionUser[] = [];
  let nextChange: number | null = null;
  const watch = (until: number) => {
    if (until > now && (nextChange === null || until < nextChange)) nextChange = until;
  };
  for (const a of state.values()) {
    if (a.viewingUntil > now) viewers.push({ id: a.id, name: a.name });
    if (a.typingUntil > now) typers.push({ id: a.id, name: a.name });
    watch(a.viewingUntil);
    watch(a.typingUntil);
  }
  const byName = (x: CollisionUser, y: CollisionUser) => x.name.localeCompare(y.name);
  return { viewers: viewers.sort(byName), typers: typers.sort(byName), nextChange };
}

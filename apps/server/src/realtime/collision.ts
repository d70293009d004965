import {
  COLLISION_THROTTLE_LEEWAY_MS,
  COLLISION_TYPING_THROTTLE_MS,
  conversationTypingSchema,
  conversationViewingSchema,
  type CollisionActivityKind,
} from '@accueil/domain';
import type { CoreDeps } from '../app-deps';
import { withOrganization } from '../db/tenant-scope';
import { getConversationTeamId } from '../modules/conversations/index';
import { getUserNames } from '../modules/users/index';
import { rooms } from './publisher';
import type { AppSocket, RealtimeServer } from './socket-types';

/**
 * How long a socket trusts the team it looked up for a conversation (a transfer moves it). Past
 * it, an event still goes with the remembered team at once while the lookup is made again in the
 * background for the next ones (a person's events do not wait for the database); past
 * `TEAM_LOOKUP_STALE_MAX_MS`, it waits.
 */
const TEAM_LOOKUP_TTL_MS = 15_000;
/** Past this, a remembered team is not used any more: the event waits for a new lookup. */
const TEAM_LOOKUP_STALE_MAX_MS = 5 * 60_000;
/** Conversations whose team a socket remembers; past it, it forgets them all (a user opens a few at once). */
const TEAM_LOOKUPS_MAX = 64;
/** Events of a socket waiting for their lookup; past it, new ones are dropped (a flood, not people). */
const PENDING_MAX = 32;
/** The shortest gap between two relayed typing events (or two same viewings) of a socket for one conversation. */
const MIN_GAP_MS = COLLISION_TYPING_THROTTLE_MS - COLLISION_THROTTLE_LEEWAY_MS;

/**
 * Relays one socket's collision events (docs/behaviour/notes-and-presence.md, "Who is viewing and
 * typing"): `conversation:viewing` and `conversation:typing` become `conversation:activity` in the
 * conversation's team room, except to the user's own sockets (`user:<id>`), with the user as the
 * socket's session says (never the payload). A payload that fails its schema, a conversation that
 * is not in one of the socket's team rooms now (another team's, another organisation's, unknown),
 * a typing sooner than `MIN_GAP_MS` after the last one relayed, and a repeated viewing
 * (same value) as soon are dropped silently: nothing is answered, so nothing
 * tells a conversation of another organisation from a missing one.
 * State is the socket's own (its throttles, the conversations it views, a short cache of their
 * teams; each map bounded, and at most `PENDING_MAX` events waiting, so a flood of made-up ids
 * costs neither memory nor more than one lookup at a time), gone with it: any number of processes relay through the Socket.IO adapter. Returns what
 * to run when the socket disconnects: `left` for every conversation it was viewing.
 */
export function relayCollisionEvents(
  io: RealtimeServer,
  socket: AppSocket,
  deps: CoreDeps,
  isClosed: () => boolean,
): () => void {
  const teams = new Map<string, { teamId: string | null; at: number }>();
  const typedAt = new Map<string, number>();
  const viewingState = new Map<string, { viewing: boolean; at: number }>();
  const viewing = new Map<string, string>();
  let name: Promise<string> | null = null;
  // Events of a socket are handled one after the other: a lookup never lets a later "closed"
  // overtake the "opened" before it.
  let queue: Promise<void> = Promise.resolve();
  const { organizationId, userId } = socket.data.ctx;
  /** Remembers `value` for a conversation in a per-socket map that never grows past TEAM_LOOKUPS_MAX. */
  const remember = <T>(map: Map<string, T>, conversationId: string, value: T) => {
    if (map.size >= TEAM_LOOKUPS_MAX && !map.has(conversationId)) map.clear();
    map.set(conversationId, value);
  };

  const refreshing = new Set<string>();
  const lookUp = async (conversationId: string): Promise<string | null> => {
    const teamId = await withOrganization(organizationId, () =>
      getConversationTeamId(deps.db, conversationId),
    );
    remember(teams, conversationId, { teamId, at: Date.now() });
    return teamId;
  };
  const teamOf = async (conversationId: string): Promise<string | null> => {
    const known = teams.get(conversationId);
    const age = known ? Date.now() - known.at : Infinity;
    if (!known || age >= TEAM_LOOKUP_STALE_MAX_MS) return lookUp(conversationId);
    if (age >= TEAM_LOOKUP_TTL_MS && !refreshing.has(conversationId)) {
      refreshing.add(conversationId);
      void lookUp(conversationId)
        .catch((err: unknown) => deps.log.warn({ err }, 'realtime: a conversation’s team was not looked up'))
        .finally(() => refreshing.delete(conversationId));
    }
    return known.teamId;
  };
  const nameOf = () =>
    (name ??= withOrganization(organizationId, () => getUserNames(deps, organizationId, [userId])).then(
      (names) => names.get(userId) ?? '',
    ));
  const emit = async (conversationId: string, teamId: string, kind: CollisionActivityKind) => {
    const user = { id: userId, name: await nameOf() };
    if (isClosed()) return;
    io.to(rooms.team(teamId))
      .except(rooms.user(userId))
      .emit('conversation:activity', { conversationId, user, kind });
  };
  let pending = 0;
  const handle = (conversationId: string, run: (teamId: string) => Promise<void>) => {
    if (pending >= PENDING_MAX) return;
    pending += 1;
    queue = queue
      .then(async () => {
        const teamId = await teamOf(conversationId);
        // The room, not the teams at connect: an administrator's change moves the socket's rooms.
        if (teamId && socket.rooms.has(rooms.team(teamId))) await run(teamId);
      })
      .catch((err: unknown) => deps.log.warn({ err }, 'realtime: a collision event was not relayed'))
      .finally(() => {
        pending -= 1;
      });
  };

  socket.on('conversation:viewing', (payload: unknown) => {
    const parsed = conversationViewingSchema.safeParse(payload);
    if (!parsed.success) return;
    const { conversationId, viewing: open } = parsed.data;
    const now = Date.now();
    const last = viewingState.get(conversationId);
    if (last && last.viewing === open && now - last.at < MIN_GAP_MS) return;
    remember(viewingState, conversationId, { viewing: open, at: now });
    handle(conversationId, async (teamId) => {
      if (open) remember(viewing, conversationId, teamId);
      else viewing.delete(conversationId);
      await emit(conversationId, teamId, open ? 'viewing' : 'left');
    });
  });
  socket.on('conversation:typing', (payload: unknown) => {
    const parsed = conversationTypingSchema.safeParse(payload);
    if (!parsed.success) return;
    const { conversationId } = parsed.data;
    const now = Date.now();
    if (now - (typedAt.get(conversationId) ?? -Infinity) < MIN_GAP_MS) return;
    remember(typedAt, conversationId, now);
    handle(conversationId, (teamId) => emit(conversationId, teamId, 'typing'));
  });

  return () => {
    for (const [conversationId, teamId] of viewing)
      void emit(conversationId, teamId, 'left').catch(() => undefined);
    viewing.clear();
  };
}

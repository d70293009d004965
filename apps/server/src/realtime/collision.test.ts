import { COLLISION_TYPING_THROTTLE_MS, type ConversationActivity } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversations } from '../db/schema/index';
import { buildConversation, buildTeamOfTwo } from '../test/conversation-factories';
import { buildTeam, buildUser } from '../test/factories';
import { accessTokenFor } from '../test/signed-in';
import { useSocketClients, type ClientSocket } from '../test/socket-clients';
import { useTestApp } from '../test/test-app';

const t = useTestApp();
const { connect } = useSocketClients(t);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Long enough for an event to cross the server when it is relayed at all, on a busy two-core machine. */
const SETTLE_MS = 800;

/** Every `conversation:activity` the socket receives, in order. */
function record(socket: ClientSocket): ConversationActivity[] {
  const seen: ConversationActivity[] = [];
  socket.on('conversation:activity', (a) => seen.push(a));
  return seen;
}

/**
 * Marie Tremblay and Luc Gagnon of one team, each with a socket recording what they receive; a
 * colleague of another team of the organisation (also recording); and the team's conversation.
 */
async function teamWithSockets() {
  const team = await buildTeamOfTwo();
  const marie = await connect(team.jwt);
  const luc = await connect(await accessTokenFor(team.luc));
  const otherTeam = await buildTeam({ organizationId: team.org.id });
  const colleague = await buildUser({ organizationId: team.org.id, teamIds: [otherTeam.id] });
  const colleagueSocket = await connect(await accessTokenFor(colleague));
  return {
    ...team,
    marie,
    luc,
    seenByMarie: record(marie),
    seenByLuc: record(luc),
    seenByColleague: record(colleagueSocket),
    colleagueTeamId: otherTeam.id,
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('collision warnings: viewing and typing (docs/behaviour/notes-and-presence.md)', () => {
  it("relays viewing, typing and closing to the conversation's team, never back to the user nor to another team", async () => {
    const s = await teamWithSockets();
    const marieElsewhere = await connect(s.jwt);
    const seenByMarieElsewhere = record(marieElsewhere);
    const conversationId = s.conv.id;
    s.marie.emit('conversation:viewing', { conversationId, viewing: true });
    s.marie.emit('conversation:typing', { conversationId });
    s.marie.emit('conversation:viewing', { conversationId, viewing: false });
    await sleep(SETTLE_MS);
    const user = { id: s.user.id, name: 'Marie Tremblay' };
    expect(s.seenByLuc).toEqual([
      { conversationId, user, kind: 'viewing' },
      { conversationId, user, kind: 'typing' },
      { conversationId, user, kind: 'left' },
    ]);
    expect(s.seenByMarie).toEqual([]);
    expect(seenByMarieElsewhere).toEqual([]);
    expect(s.seenByColleague).toEqual([]);
  });

  it('says the user left every conversation they were viewing when their socket closes', async () => {
    const s = await teamWithSockets();
    const second = await buildConversation({ organizationId: s.org.id, teamId: s.team.id });
    s.marie.emit('conversation:viewing', { conversationId: s.conv.id, viewing: true });
    s.marie.emit('conversation:viewing', { conversationId: second.id, viewing: true });
    await sleep(SETTLE_MS);
    s.marie.disconnect();
    await sleep(SETTLE_MS);
    expect(
      s.seenByLuc
        .filter((a) => a.kind === 'left')
        .map((a) => a.conversationId)
        .sort(),
    ).toEqual([s.conv.id, second.id].sort());
  });

  it("takes who acts from the socket's session, never from the payload", async () => {
    const s = await teamWithSockets();
    const forged = { id: s.luc.id, name: 'Quelqu’un d’autre' };
    (s.marie.emit as (e: string, p: unknown) => void)('conversation:typing', {
      conversationId: s.conv.id,
      user: forged,
      userId: s.luc.id,
    });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc).toEqual([
      { conversationId: s.conv.id, user: { id: s.user.id, name: 'Marie Tremblay' }, kind: 'typing' },
    ]);
  });

  it('ignores a conversation of another team or organisation, an unknown one and malformed payloads', async () => {
    const s = await teamWithSockets();
    const otherTeamsConversation = await buildConversation({ organizationId: s.org.id });
    const elsewhere = await teamWithSockets();
    for (const conversationId of [otherTeamsConversation.id, elsewhere.conv.id, crypto.randomUUID()]) {
      s.marie.emit('conversation:viewing', { conversationId, viewing: true });
      s.marie.emit('conversation:typing', { conversationId });
    }
    const raw = (s.marie.emit as (e: string, p: unknown) => void).bind(s.marie);
    raw('conversation:typing', { conversationId: 'not-a-uuid' });
    raw('conversation:viewing', { conversationId: s.conv.id, viewing: 'yes' });
    raw('conversation:typing', null);
    await sleep(SETTLE_MS);
    expect(s.seenByLuc).toEqual([]);
    expect(s.seenByColleague).toEqual([]);
    expect(elsewhere.seenByMarie).toEqual([]);
    expect(elsewhere.seenByLuc).toEqual([]);
    // The socket still relays what is its team's.
    s.marie.emit('conversation:typing', { conversationId: s.conv.id });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc.map((a) => a.kind)).toEqual(['typing']);
  });

  it('past 15 s an event goes with the remembered team at once, and the team looked up again meanwhile rules the next', async () => {
    const s = await teamWithSockets();
    const conversationId = s.conv.id;
    s.marie.emit('conversation:typing', { conversationId });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc).toHaveLength(1);
    // The conversation moves to the colleague's team; Marie is not a member of it.
    const [moved] = await t.deps.db
      .update(conversations)
      .set({ teamId: s.colleagueTeamId })
      .where(eq(conversations.id, conversationId))
      .returning({ id: conversations.id });
    expect(moved).toBeDefined();
    // Only the clock moves (the sockets' timers stay real): past the lookup's 15 s.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 16_000 });
    s.marie.emit('conversation:typing', { conversationId });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc).toHaveLength(2);
    vi.setSystemTime(Date.now() + COLLISION_TYPING_THROTTLE_MS + 100);
    s.marie.emit('conversation:typing', { conversationId });
    await sleep(SETTLE_MS);
    // The lookup made in the background found the new team: Marie's events no longer go out.
    expect(s.seenByLuc).toHaveLength(2);
    expect(s.seenByColleague).toEqual([]);
  });

  it('drops typing events of a socket for a conversation arriving faster than once per throttle period', async () => {
    const s = await teamWithSockets();
    const conversationId = s.conv.id;
    for (let i = 0; i < 10; i += 1) s.marie.emit('conversation:typing', { conversationId });
    // Another conversation has its own throttle.
    const second = await buildConversation({ organizationId: s.org.id, teamId: s.team.id });
    s.marie.emit('conversation:typing', { conversationId: second.id });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc.map((a) => a.conversationId)).toEqual([conversationId, second.id]);
    await sleep(COLLISION_TYPING_THROTTLE_MS);
    s.marie.emit('conversation:typing', { conversationId });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc.filter((a) => a.conversationId === conversationId)).toHaveLength(2);
  });

  it('relays a repeated viewing once per throttle period (heartbeats pass, a flood does not)', async () => {
    const s = await teamWithSockets();
    const conversationId = s.conv.id;
    for (let i = 0; i < 10; i += 1) s.marie.emit('conversation:viewing', { conversationId, viewing: true });
    await sleep(SETTLE_MS);
    expect(s.seenByLuc.map((a) => a.kind)).toEqual(['viewing']);
  });
});

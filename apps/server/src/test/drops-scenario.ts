import type { Message } from '@accueil/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import { conversations, messages } from '../db/schema/index';
import { CatchUpClient } from './catch-up-client';
import { buildOrganization, buildTeam, buildUser, randomPhoneNumber, type TeamRow } from './factories';
import { accessTokenFor } from './signed-in';
import { startTcpProxy } from './tcp-proxy';
import type { createTestApp } from './test-app';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** The scenario's knobs (realtime through drops). */
export type DropsOptions = {
  clients: number;
  teams: number;
  numbersPerTeam: number;
  texts: number;
  /** Over how long the texts are sent, at a fixed rate (ms). */
  sendOverMs: number;
  cutEveryMs: number;
  cutFraction: number;
};

/** What happened, and per client whether it ended with exactly the stored messages. */
export type DropsResult = {
  cuts: number;
  connections: number;
  disconnects: number;
  catchUps: number;
  failedRequests: number;
  lateEvents: number;
  staleEvents: number;
  holesAtCatchUp: number;
  stored: number;
  /** One line per client whose messages differ from the database's (empty when the property holds). */
  mismatches: string[];
};

/**
 * Clients connect through a TCP proxy that cuts a fraction of the live connections at a fixed
 * interval (round robin over `servers`, which share one database), while inbound texts are
 * ingested at a fixed rate, alternately by each server. When the texts are in and the cutting
 * stops, each client must hold, per conversation of its team, exactly the stored messages in
 * seq order. Nothing outside the clients' own rules (events + catch-up) repairs their state.
 */
export async function runDropsScenario(servers: TestApp[], opts: DropsOptions): Promise<DropsResult> {
  const upstreams = [];
  for (const s of servers) {
    const url = new URL(await s.app.listen({ port: 0, host: '127.0.0.1' }));
    upstreams.push({ host: url.hostname, port: Number(url.port) });
  }
  const proxy = await startTcpProxy(upstreams);
  const db = servers[0]!.deps.db;
  const org = await buildOrganization({ db: db });
  const teams: TeamRow[] = [];
  for (let i = 0; i < opts.teams; i++) teams.push(await buildTeam({ db: db, organizationId: org.id }));
  const members = await Promise.all(
    Array.from({ length: opts.clients }, async (_, i) => {
      const team = teams[i % teams.length]!;
      const user = await buildUser({ db: db, organizationId: org.id, teamIds: [team.id] });
      return { team, jwt: await accessTokenFor(user, servers[0]) };
    }),
  );
  const clients = members.map((m) => ({ team: m.team, client: new CatchUpClient(proxy.url, m.jwt) }));
  try {
    await Promise.all(clients.map((c) => c.client.ready()));
    proxy.startChaos(opts.cutEveryMs, opts.cutFraction);
    await sendTexts(servers, teams, opts);
    proxy.stopChaos();
    const truth = await storedMessages(servers[0]!, teams);
    const expected = (teamId: string) => truth.filter((m) => m.teamId === teamId);
    await waitFor(
      () => clients.every((c) => c.client.settled && heldCount(c.client) === expected(c.team.id).length),
      20_000,
    );
    const mismatches: string[] = [];
    clients.forEach(({ team, client }, i) => {
      const want = expected(team.id);
      for (const conversationId of new Set(want.map((m) => m.conversationId))) {
        const rows = want.filter((m) => m.conversationId === conversationId);
        const got = client.held(conversationId).map((m) => m.id);
        const gotSeqs = client.held(conversationId).map((m) => m.seq);
        if (got.join() !== rows.map((r) => r.id).join())
          mismatches.push(
            `client ${i}: conversation ${conversationId} holds seqs [${gotSeqs.join(',')}] of ${rows.length}`,
          );
      }
    });
    const sum = (k: keyof CatchUpClient['counters']) => clients.reduce((n, c) => n + c.client.counters[k], 0);
    return {
      cuts: proxy.stats.cuts,
      connections: proxy.stats.connections,
      disconnects: sum('disconnects'),
      catchUps: sum('catchUps'),
      failedRequests: sum('failedRequests'),
      lateEvents: sum('lateEvents'),
      staleEvents: sum('staleEvents'),
      holesAtCatchUp: sum('holesAtCatchUp'),
      stored: truth.length,
      mismatches,
    };
  } finally {
    for (const c of clients) c.client.close();
    await proxy.close();
  }
}

function heldCount(client: CatchUpClient): number {
  let n = 0;
  for (const items of client.messages.values()) n += items.length;
  return n;
}

/** `opts.texts` inbound texts at a fixed rate (not waiting for answers), spread over the teams' numbers and the servers. */
async function sendTexts(servers: TestApp[], teams: TeamRow[], opts: DropsOptions): Promise<void> {
  const senders = teams.flatMap((team) =>
    Array.from({ length: opts.numbersPerTeam }, () => ({ from: randomPhoneNumber(), to: team.phoneNumber! })),
  );
  const interval = opts.sendOverMs / opts.texts;
  const sent: Promise<number>[] = [];
  const start = Date.now();
  for (let i = 0; i < opts.texts; i++) {
    const wait = start + i * interval - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const sender = senders[Math.floor(Math.random() * senders.length)]!;
    const server = servers[i % servers.length]!;
    const payload = { ...sender, body: `text ${i}` };
    sent.push(
      server.app
        .inject({ method: 'POST', url: '/api/sandbox/messages', payload })
        .then((res) => res.statusCode),
    );
  }
  const codes = await Promise.all(sent);
  const refused = codes.filter((c) => c !== 201);
  if (refused.length) throw new Error(`inbound texts refused: ${refused.join(',')}`);
}

/** Every stored message of the teams' conversations, by conversation then seq. */
async function storedMessages(
  app: TestApp,
  teams: TeamRow[],
): Promise<(Pick<Message, 'id' | 'seq' | 'conversationId'> & { teamId: string })[]> {
  const rows = await app.deps.db
    .select({
      id: messages.id,
      seq: messages.seq,
      conversationId: messages.conversationId,
      teamId: conversations.teamId,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      inArray(
        conversations.teamId,
        teams.map((t) => t.id),
      ),
    )
    .orderBy(asc(messages.conversationId), asc(messages.seq));
  return rows;
}

async function waitFor(done: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

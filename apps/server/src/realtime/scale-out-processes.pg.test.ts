import type { LoginResponse } from '@accueil/domain';
import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asDatabaseOwner } from '../test/database-owner';
import { conversations, messages } from '../db/schema/index';
import { CatchUpClient } from '../test/catch-up-client';
import { buildOrganization, buildTeam, buildUser, randomPhoneNumber, type TeamRow } from '../test/factories';
import {
  deploymentEnv,
  startServerProcesses,
  stopServerProcesses,
  type ServerProcess,
} from '../test/server-processes';
import { createScratchDatabase } from '../test/scratch-database';
import { createTestApp } from '../test/test-app';

/**
 * Scale-out: three real server processes (`apps/server/src/main.ts`, each on its own
 * port) started together on one new PostgreSQL database and one Redis, as a deployment behind a
 * load balancer runs them. PostgreSQL pass only (`*.pg.test.ts`).
 */
const journal = JSON.parse(
  readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let procs: ServerProcess[] = [];
let setup: Awaited<ReturnType<typeof createTestApp>>;
const clients: CatchUpClient[] = [];

beforeAll(async () => {
  scratch = await createScratchDatabase(process.env.DATABASE_URL!);
  procs = await startServerProcesses(
    3,
    // The sign-in limit counts per client address in the shared Redis, where the other test
    // files of the PostgreSQL pass sign in from the same 127.0.0.1.
    deploymentEnv(scratch.url, { LOGIN_RATE_LIMIT_PER_MINUTE: '100000' }),
  );
  setup = await createTestApp({ DATABASE_URL: scratch.url, REDIS_URL: undefined });
}, 120_000);

afterAll(async () => {
  for (const c of clients) c.close();
  await stopServerProcesses(procs);
  await setup?.close();
  await scratch?.drop();
}, 60_000);

/** A team with `agents` members, each signed in through process `i % 3` and connected to process `(i + 1) % 3`. */
async function teamWithAgents(agents: number): Promise<{ team: TeamRow; agents: CatchUpClient[] }> {
  const org = await buildOrganization({ db: setup.deps.db });
  const team = await buildTeam({ db: setup.deps.db, organizationId: org.id });
  const connected = await Promise.all(
    Array.from({ length: agents }, async (_, i) => {
      const user = await buildUser({ db: setup.deps.db, organizationId: org.id, teamIds: [team.id] });
      const res = await fetch(`${procs[i % 3]!.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: user.username, password: user.password }),
      });
      expect(res.status).toBe(200);
      const client = new CatchUpClient(procs[(i + 1) % 3]!.url, ((await res.json()) as LoginResponse).jwt);
      clients.push(client);
      return client;
    }),
  );
  await Promise.all(connected.map((c) => c.ready()));
  return { team, agents: connected };
}

async function text(proc: ServerProcess, from: string, team: TeamRow, body: string): Promise<void> {
  const res = await fetch(`${proc.url}/api/sandbox/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from, to: team.phoneNumber, body }),
  });
  expect(res.status).toBe(201);
}

/** Stored message ids of the team, per conversation, in seq order. */
async function stored(team: TeamRow): Promise<Map<string, string[]>> {
  const rows = await setup.deps.db
    .select({ id: messages.id, conversationId: messages.conversationId })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(eq(conversations.teamId, team.id))
    .orderBy(asc(messages.seq));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.conversationId, [...(out.get(r.conversationId) ?? []), r.id]);
  return out;
}

async function expectEveryAgentHolds(agents: CatchUpClient[], team: TeamRow): Promise<void> {
  const truth = await stored(team);
  const holds = (a: CatchUpClient) =>
    [...truth].every(
      ([id, ids]) =>
        a
          .held(id)
          .map((m) => m.id)
          .join() === ids.join(),
    );
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && !agents.every((a) => a.settled && holds(a)))
    await new Promise((r) => setTimeout(r, 50));
  for (const a of agents) for (const [id, ids] of truth) expect(a.held(id).map((m) => m.id)).toEqual(ids);
}

it('migrates a new database once when three processes start on it together (advisory lock)', async () => {
  const rows = await asDatabaseOwner<{ n: number }>(
    setup.deps.db,
    'select count(*)::int as n from drizzle.__drizzle_migrations',
  );
  expect(rows[0]!.n).toBe(journal.entries.length);
  expect(procs).toHaveLength(3);
});

it('delivers texts ingested by each process to agents connected to the others, in order', async () => {
  const { team, agents } = await teamWithAgents(6);
  const from = randomPhoneNumber();
  for (let i = 0; i < 30; i++) await text(procs[i % 3]!, from, team, `in order ${i + 1}`);
  await expectEveryAgentHolds(agents, team);
  const seqs = Array.from({ length: 30 }, (_, i) => i + 1);
  for (const a of agents) expect(a.arrivals.map((m) => m.seq)).toEqual(seqs);
});

it('converges every agent when texts are ingested concurrently by all processes', async () => {
  const { team, agents } = await teamWithAgents(6);
  const senders = [randomPhoneNumber(), randomPhoneNumber(), randomPhoneNumber()];
  await Promise.all(
    Array.from({ length: 90 }, (_, i) =>
      text(procs[i % 3]!, senders[Math.floor(i / 3) % 3]!, team, `burst ${i}`),
    ),
  );
  await expectEveryAgentHolds(agents, team);
  const late = agents.reduce((n, a) => n + a.counters.lateEvents, 0);
  console.info(
    `scale-out burst: 90 texts through 3 processes, ${late} events arrived after a higher seq (put in place by seq)`,
  );
});

it('catches up a client that reconnects to a different process, then keeps it live there', async () => {
  const { team, agents } = await teamWithAgents(1);
  const agent = agents[0]!;
  const from = randomPhoneNumber();
  await text(procs[0]!, from, team, 'before');
  await expectEveryAgentHolds(agents, team);
  agent.socket.disconnect();
  for (let i = 0; i < 10; i++) await text(procs[i % 3]!, from, team, `missed ${i}`);
  const before = agent.counters.catchUps;
  agent.moveTo(procs[2]!.url);
  await expectEveryAgentHolds(agents, team);
  expect(agent.counters.catchUps).toBeGreaterThan(before);
  const arrived = agent.arrivals.length;
  await text(procs[0]!, from, team, 'after');
  await expectEveryAgentHolds(agents, team);
  expect(agent.arrivals.slice(arrived).map((m) => m.body)).toEqual(['after']);
});

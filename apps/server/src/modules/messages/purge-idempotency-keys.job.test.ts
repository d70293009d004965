import { IDEMPOTENCY_KEY_TTL_MS } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/index';
import { IDEMPOTENCY_PURGE_BATCH_ROWS } from './index';
import { buildOrganization, buildUser, type TestUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { purgeIdempotencyKeysJob } from './purge-idempotency-keys.job';

/**
 * Outbound exactly once: the hourly purge of expired `Idempotency-Key`s, through the
 * app's dependencies on a real database: the handler called directly, then the job sent
 * through the app's queue.
 */
const setup = useTestApp();

const HOUR_MS = 60 * 60 * 1000;

/** `count` keys of `user`, created `ageMs` ago; returns their ids. */
async function keys(user: TestUser, count: number, ageMs: number): Promise<string[]> {
  const createdAt = new Date(Date.now() - ageMs);
  const rows = await setup.deps.db
    .insert(idempotencyKeys)
    .values(
      Array.from({ length: count }, () => ({
        organizationId: user.organizationId,
        userId: user.id,
        key: randomUUID(),
        requestHash: 'h',
        createdAt,
      })),
    )
    .returning({ id: idempotencyKeys.id });
  return rows.map((r) => r.id);
}

async function remaining(ids: string[]): Promise<number> {
  const rows = await setup.deps.db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(inArray(idempotencyKeys.id, ids));
  return rows.length;
}

async function userOfNewOrganization(): Promise<TestUser> {
  const org = await buildOrganization();
  return buildUser({ organizationId: org.id });
}

it('deletes the keys older than the TTL of every organisation, and keeps the fresh ones', async () => {
  const [a, b] = [await userOfNewOrganization(), await userOfNewOrganization()];
  const expired = [
    ...(await keys(a, 2, IDEMPOTENCY_KEY_TTL_MS + HOUR_MS)),
    ...(await keys(b, 1, IDEMPOTENCY_KEY_TTL_MS + 60_000)),
  ];
  const fresh = [...(await keys(a, 2, HOUR_MS)), ...(await keys(b, 1, IDEMPOTENCY_KEY_TTL_MS - 60_000))];
  const output = await purgeIdempotencyKeysJob.handler(setup.deps, {});
  expect(output?.deleted).toBeGreaterThanOrEqual(3);
  expect(await remaining(expired)).toBe(0);
  expect(await remaining(fresh)).toBe(3);
});

it('deletes more than one batch of expired keys', async () => {
  const user = await userOfNewOrganization();
  const count = IDEMPOTENCY_PURGE_BATCH_ROWS + 3;
  await setup.deps.db.execute(sql`
    insert into idempotency_keys (organization_id, user_id, key, request_hash, created_at)
    select ${user.organizationId}, ${user.id}, 'bulk-' || i, 'h', now() - interval '2 days'
    from generate_series(1, ${count}) as i`);
  const output = await purgeIdempotencyKeysJob.handler(setup.deps, {});
  expect(output?.deleted).toBeGreaterThanOrEqual(count);
  const [left] = await setup.deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(idempotencyKeys)
    .where(sql`${idempotencyKeys.userId} = ${user.id}`);
  expect(left!.n).toBe(0);
});

it("runs on the app's job queue when sent, and is scheduled hourly", async () => {
  const expired = await keys(await userOfNewOrganization(), 2, IDEMPOTENCY_KEY_TTL_MS + HOUR_MS);
  await setup.jobs.start();
  const id = await setup.jobs.send(purgeIdempotencyKeysJob, {});
  // On the shared PostgreSQL any test server may be the one that works it: read its outcome.
  const outcome = async () => (await setup.jobs.boss().findJobs(purgeIdempotencyKeysJob.name, { id }))[0];
  await expect.poll(async () => (await outcome())?.state, { timeout: 15_000 }).toBe('completed');
  expect((await outcome())!.output).toEqual({ deleted: expect.any(Number) as number });
  expect(await remaining(expired)).toBe(0);
  const schedules = await setup.jobs.boss().getSchedules(purgeIdempotencyKeysJob.name);
  expect(schedules.map((s) => [s.cron, s.timezone])).toEqual([['0 * * * *', 'UTC']]);
});

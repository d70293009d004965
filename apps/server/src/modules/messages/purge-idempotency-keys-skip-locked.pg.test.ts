import { IDEMPOTENCY_KEY_TTL_MS } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { idempotencyKeys } from '../../db/schema/idempotency-keys';
import { buildOrganization, buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { purgeExpiredIdempotencyKeys } from './purge-expired-idempotency-keys';

/**
 * The hourly purge never waits for a key a send holds locked: it skips it, and the next run
 * takes it. PostgreSQL pass only: the lock is held on one connection while the purge runs on
 * another (PGlite has one connection, so the purge would queue behind the lock's transaction).
 */
const t = useTestApp();

/** How long the purge may take with a key locked before it counts as waiting on the lock. */
const WAITED_MS = 5_000;

it('deletes the expired keys it can lock, leaving the one a transaction holds', async () => {
  const org = await buildOrganization();
  const user = await buildUser({ organizationId: org.id });
  const createdAt = new Date(Date.now() - IDEMPOTENCY_KEY_TTL_MS - 60_000);
  const rows = await t.deps.db
    .insert(idempotencyKeys)
    .values(
      Array.from({ length: 3 }, () => ({
        organizationId: org.id,
        userId: user.id,
        key: randomUUID(),
        requestHash: 'h',
        createdAt,
      })),
    )
    .returning({ id: idempotencyKeys.id });
  const [held, ...free] = rows.map((r) => r.id) as [string, ...string[]];

  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const holder = t.deps.db.transaction(async (tx) => {
    await tx.select().from(idempotencyKeys).where(eq(idempotencyKeys.id, held)).for('update');
    locked();
    await released;
  });
  await isLocked;
  try {
    const outcome = await Promise.race([
      purgeExpiredIdempotencyKeys(t.deps).then(() => 'done' as const),
      new Promise<'waited'>((resolve) => setTimeout(() => resolve('waited'), WAITED_MS)),
    ]);
    expect(outcome).toBe('done');
  } finally {
    release();
    await holder;
  }
  expect(
    await t.deps.db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.id, free)),
  ).toEqual([]);
  expect(
    await t.deps.db
      .select({ id: idempotencyKeys.id })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.id, held)),
  ).toEqual([{ id: held }]);
});

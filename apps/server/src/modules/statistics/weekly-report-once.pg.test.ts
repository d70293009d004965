import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sandboxMails } from '../../db/schema/sandbox';
import { statisticsWeeklyReports } from '../../db/schema/statistics';
import { withSystemAccess } from '../../db/tenant-scope';
import { addStatisticsRecipients, buildStatisticsWeek } from '../../test/statistics-factories';
import { createTestApp } from '../../test/test-app';
import { runWeeklyReports } from './statistics-weekly-report.job';

/**
 * Exactly once across processes: two server processes (two apps, each with its own pool) on one
 * PostgreSQL run the weekly report's pass at the same instant, side by side; each recipient gets
 * one mail and the week one claim. PostgreSQL pass only (PGlite has one connection: its runs
 * would take turns).
 */
let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  [a, b] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

it('two processes running the Sunday pass at once send the week once', async () => {
  const { org } = await buildStatisticsWeek({ db: a.deps.db });
  const to = `once-${crypto.randomUUID().slice(0, 8)}@clinique.example`;
  await addStatisticsRecipients(org.id, [to], { db: a.deps.db });
  const now = new Date('2026-11-29T12:00:00Z');
  const [first, second] = await withSystemAccess('sandbox', () =>
    Promise.all([runWeeklyReports(a.deps, now), runWeeklyReports(b.deps, now)]),
  );
  expect(first.sent + second.sent).toBe(1);
  expect(first.alreadySent + second.alreadySent).toBe(1);
  const mails = await a.deps.db.select().from(sandboxMails).where(eq(sandboxMails.to, to));
  expect(mails).toHaveLength(1);
  const claims = await a.deps.db
    .select()
    .from(statisticsWeeklyReports)
    .where(
      and(
        eq(statisticsWeeklyReports.organizationId, org.id),
        eq(statisticsWeeklyReports.weekStart, '2026-11-22'),
      ),
    );
  expect(claims).toMatchObject([{ status: 'sent', recipients: 1 }]);
});

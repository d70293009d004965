import { LABELS_MAX_PER_ORGANIZATION } from '@accueil/domain';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { labels } from '../../db/schema/labels';
import { labelHelpers } from '../../test/label-helpers';
import { useTestApp } from '../../test/test-app';

/**
 * The organisation's label limit holds under simultaneous creates (docs/behaviour/labels.md):
 * each create counts the labels and inserts in one transaction, and the creates of one
 * organisation take turns. PostgreSQL pass only: PGlite has one connection, so its requests
 * never overlap.
 */
const t = useTestApp();
const { setUp, send } = labelHelpers(t);

it('simultaneous creates at the limit: only those under it are made, the others get too-many-labels', async () => {
  const { org, adminHeaders } = await setUp();
  const room = 2;
  await t.deps.db.insert(labels).values(
    Array.from({ length: LABELS_MAX_PER_ORGANIZATION - room }, (_, i) => ({
      organizationId: org.id,
      name: `Étiquette ${i}`,
      color: 'blue' as const,
    })),
  );
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      send(adminHeaders, 'POST', '/api/labels', { name: `Nouvelle ${i}`, color: 'red' }),
    ),
  );
  const statuses = answers.map((a) => a.statusCode).sort();
  expect(statuses).toEqual([201, 201, 422, 422, 422, 422]);
  for (const refused of answers.filter((a) => a.statusCode === 422))
    expect(refused.json<{ code: string }>().code).toBe('too-many-labels');
  const [held] = await t.deps.db.select({ n: count() }).from(labels).where(eq(labels.organizationId, org.id));
  expect(held?.n).toBe(LABELS_MAX_PER_ORGANIZATION);
});

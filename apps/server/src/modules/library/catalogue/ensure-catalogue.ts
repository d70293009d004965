import { POST_LOCALES, sectionInputSchema } from '@accueil/domain';
import { isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { posts, postVersions } from '../../../db/schema/posts';
import { indexVersion, replaceSections } from '../post-sections';
import { STARTER_CATALOGUE, type CataloguePost } from './starter-catalogue';

/** The databases whose catalogue this process wrote or found written (once per process and database). */
const ensured = new WeakMap<object, Promise<void>>();

/** A catalogue post's sections in `locale`: each step, then its slides under it. */
function sectionsOf(post: CataloguePost, locale: (typeof POST_LOCALES)[number]) {
  return post.steps.flatMap((step) => [
    sectionInputSchema.parse({ id: step.id, title: step.title[locale] }),
    ...step.slides.map((s) =>
      sectionInputSchema.parse({
        id: s.id,
        label: s.label[locale],
        parent: step.id,
        subSections: [{ body: s.body[locale] }],
      }),
    ),
  ]);
}

/**
 * Writes the starter catalogue's posts missing from the database (by alias; a post marketing
 * changed or removed a section of is left as it is). Runs once per process, before the first
 * search; several processes at once insert each post once (the catalogue's unique alias).
 * Called under the library's system access.
 */
export function ensureCatalogue(deps: Pick<AppDeps, 'db'>): Promise<void> {
  let done = ensured.get(deps.db);
  if (!done) {
    done = writeMissing(deps).catch((error: unknown) => {
      ensured.delete(deps.db);
      throw error;
    });
    ensured.set(deps.db, done);
  }
  return done;
}

async function writeMissing(deps: Pick<AppDeps, 'db'>): Promise<void> {
  const present = new Set(
    (await deps.db.select({ alias: posts.alias }).from(posts).where(isNull(posts.organizationId))).map(
      (r) => r.alias,
    ),
  );
  for (const post of STARTER_CATALOGUE.filter((p) => !present.has(p.alias))) {
    await deps.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(posts)
        .values({
          organizationId: null,
          type: post.type,
          alias: post.alias,
          draft: false,
          catalogueSector: post.sector,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return;
      for (const locale of POST_LOCALES) {
        await tx.insert(postVersions).values({
          postId: row.id,
          organizationId: null,
          locale,
          title: post.title[locale],
          short: post.short[locale],
          searchVector: sql`''::tsvector`,
        });
        await replaceSections(tx, row, locale, sectionsOf(post, locale));
        await indexVersion(tx, row.id, locale);
      }
    });
  }
}

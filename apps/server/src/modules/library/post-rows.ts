import { DEFAULT_POST_LOCALE, type PostLocale } from '@accueil/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { postSections, posts, postVersions } from '../../db/schema/posts';
import { withSystemAccess } from '../../db/tenant-scope';
import type { PostRow, PostSectionRow, PostVersionRow } from './posts.presenter';

/**
 * Runs the library's statements under the named system access `content-library`: marketing reads
 * every organisation's posts and everyone the catalogue's (rows without an organisation), which
 * row-level security lets through only so. Every use case applies `post.read` / `post.write`
 * itself before answering (library.policy.ts; the role × route matrix checks it).
 */
export function libraryAccess<T>(fn: () => Promise<T>): Promise<T> {
  return withSystemAccess('content-library', fn);
}

/** A post's row, or null. */
export async function findPostRow(db: DbOrTx, postId: string): Promise<PostRow | null> {
  const [row] = await db.select().from(posts).where(eq(posts.id, postId)).limit(1);
  return row ?? null;
}

/** A post's versions, by locale. */
export async function findPostVersions(db: DbOrTx, postId: string): Promise<PostVersionRow[]> {
  return db
    .select()
    .from(postVersions)
    .where(eq(postVersions.postId, postId))
    .orderBy(asc(postVersions.locale));
}

/**
 * The version a reader gets: `locale`'s when asked (null when the post has none), else
 * fr-CA's, else the first the post has.
 */
export function chooseVersion(
  versions: readonly PostVersionRow[],
  locale: PostLocale | undefined,
): PostVersionRow | null {
  if (locale) return versions.find((v) => v.locale === locale) ?? null;
  return versions.find((v) => v.locale === DEFAULT_POST_LOCALE) ?? versions[0] ?? null;
}

/** A version's sections in reading order. */
export async function findSections(db: DbOrTx, postId: string, locale: string): Promise<PostSectionRow[]> {
  return db
    .select()
    .from(postSections)
    .where(and(eq(postSections.postId, postId), eq(postSections.locale, locale)))
    .orderBy(asc(postSections.position));
}

/** What the read use cases share: the deps' database. */
export type LibraryDeps = Pick<AppDeps, 'db'>;

/** Raises a post's version after a change made outside `updatePost` (a section removed). */
export async function bumpVersion(db: DbOrTx, postId: string, userId: string): Promise<void> {
  await db
    .update(posts)
    .set({ version: sql`${posts.version} + 1`, updatedByUserId: userId, updatedAt: sql`now()` })
    .where(eq(posts.id, postId));
}

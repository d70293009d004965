import {
  AppError,
  postLocaleOf,
  type PostLocaleInput,
  type PostWithSections,
  type Section,
} from '@accueil/domain';
import { and, eq, or } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { postSections } from '../../db/schema/posts';
import type { RequestContext } from '../../http/request-context';
import { authorizePostRead, authorizePostWrite, postNotFound } from './library.policy';
import {
  bumpVersion,
  chooseVersion,
  findPostRow,
  findPostVersions,
  findSections,
  libraryAccess,
} from './post-rows';
import { presentSection } from './posts.presenter';
import { indexVersion } from './post-sections';
import { postWithSections } from './write-post';

/** The post the caller may read (`post.read`), else 404 as a missing one. */
async function readablePost(deps: Pick<AppDeps, 'db'>, ctx: RequestContext, postId: string) {
  const row = await findPostRow(deps.db, postId);
  if (!row) throw postNotFound();
  authorizePostRead(ctx, row);
  return row;
}

/**
 * GET /api/posts/:id[?locale=]: the post in `locale` (default fr-CA, else its first locale)
 * with that version's sections.
 * @throws AppError `not-found`: missing, not readable (a draft for non-marketing, another
 *   organisation's), or without a version in `locale`.
 */
export function getPost(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: { postId: string; locale?: PostLocaleInput },
): Promise<PostWithSections> {
  return libraryAccess(async () => {
    const row = await readablePost(deps, ctx, input.postId);
    const post = await postWithSections(deps.db, row, input.locale ? postLocaleOf(input.locale) : undefined);
    if (!post) throw postNotFound();
    return post;
  });
}

/**
 * GET /api/posts/:id/sections?locale= (spec §7): the sections of the post's version, in
 * reading order; an empty list for a locale the post has no version in.
 * @throws AppError `not-found` (as `getPost`).
 */
export function listPostSections(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: { postId: string; locale?: PostLocaleInput },
): Promise<Section[]> {
  return libraryAccess(async () => {
    const row = await readablePost(deps, ctx, input.postId);
    const versions = await findPostVersions(deps.db, row.id);
    const version = chooseVersion(versions, input.locale ? postLocaleOf(input.locale) : undefined);
    if (!version) return [];
    return (await findSections(deps.db, row.id, version.locale)).map(presentSection);
  });
}

/**
 * DELETE /api/posts/:id/sections/:sectionId[?locale=] (spec §7): removes the section, and the
 * slides whose parent it is, from `locale`'s version (from every version without `locale`).
 * The post's version is raised, so an editor open on it is told on its next save.
 * @throws AppError `forbidden` (not marketing), `not-found` (no such post or section).
 */
export function deletePostSection(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: { postId: string; sectionId: string; locale?: PostLocaleInput },
): Promise<void> {
  authorizePostWrite(ctx);
  return libraryAccess(() =>
    deps.db.transaction(async (tx) => {
      const row = await findPostRow(tx, input.postId);
      if (!row) throw postNotFound();
      const removed = await tx
        .delete(postSections)
        .where(
          and(
            eq(postSections.postId, row.id),
            input.locale ? eq(postSections.locale, postLocaleOf(input.locale)) : undefined,
            or(eq(postSections.sectionId, input.sectionId), eq(postSections.parent, input.sectionId)),
          ),
        )
        .returning({ locale: postSections.locale });
      if (removed.length === 0) throw new AppError('not-found', 'Section not found');
      for (const locale of new Set(removed.map((r) => r.locale))) await indexVersion(tx, row.id, locale);
      await bumpVersion(tx, row.id, ctx.userId);
    }),
  );
}

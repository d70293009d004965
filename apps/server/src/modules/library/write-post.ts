import {
  AppError,
  postLocaleOf,
  type CreatePostRequest,
  type PostLocale,
  type PostType,
  type PostWithSections,
  type UpdatePostRequest,
} from '@accueil/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { posts, postVersions } from '../../db/schema/posts';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { authorizePostWrite, postNotFound } from './library.policy';
import { checkSections, indexVersion, replaceSections } from './post-sections';
import { chooseVersion, findPostRow, findPostVersions, findSections, libraryAccess } from './post-rows';
import { presentPost, presentSection, type PostRow } from './posts.presenter';

/**
 * An alias is unique among its organisation's posts (among the catalogue's for a catalogue post).
 * @throws AppError `identifier-taken` (409) with the spec's message.
 */
async function assertAliasFree(
  tx: DbOrTx,
  organizationId: string | null,
  alias: string,
  exceptPostId: string | null,
): Promise<void> {
  const [taken] = await tx
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        organizationId === null ? isNull(posts.organizationId) : eq(posts.organizationId, organizationId),
        eq(posts.alias, alias),
        exceptPostId ? ne(posts.id, exceptPostId) : undefined,
      ),
    )
    .limit(1);
  if (taken) {
    throw new AppError('identifier-taken', 'This unique identifier (ID) already exists.', [
      { location: 'body', path: 'alias', message: 'identifier-taken' },
    ]);
  }
}

/** The post in `locale` with that version's sections (what the writes answer). */
export async function postWithSections(
  tx: DbOrTx,
  row: PostRow,
  locale: PostLocale | undefined,
): Promise<PostWithSections | null> {
  const versions = await findPostVersions(tx, row.id);
  const version = chooseVersion(versions, locale);
  if (!version) return null;
  const sections = await findSections(tx, row.id, version.locale);
  return {
    ...presentPost(
      row,
      version,
      versions.map((v) => v.locale),
    ),
    sections: sections.map(presentSection),
  };
}

/**
 * POST /api/posts (spec §7): a post and its first version (default fr-CA), with its sections,
 * of the caller's organisation, of the `clinic` named, or of the catalogue (`catalogue: true`).
 * A draft unless `draft: false`. Docs: docs/behaviour/library.md.
 * @throws AppError `forbidden` (not marketing), `not-found` (an unknown clinic),
 *   `identifier-taken` (alias or section id), `validation-failed` (sections' rules).
 */
export async function createPost(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: CreatePostRequest,
): Promise<PostWithSections> {
  authorizePostWrite(ctx);
  const locale = postLocaleOf(input.locale);
  const sections = input.sections ?? [];
  checkSections(input.type, sections);
  const organizationId = input.catalogue ? null : (input.clinic ?? ctx.organizationId);
  return libraryAccess(() =>
    deps.db.transaction(async (tx) => {
      if (organizationId !== null && !(await getOrganizationSettings(deps, organizationId, tx))) {
        throw new AppError('not-found', 'Organization not found');
      }
      await assertAliasFree(tx, organizationId, input.alias, null);
      const [row] = await tx
        .insert(posts)
        .values({
          organizationId,
          type: input.type,
          alias: input.alias,
          image: input.image ?? null,
          automation: input.automation ?? false,
          draft: input.draft ?? true,
          services: input.services ?? [],
          authorUserId: ctx.userId,
          updatedByUserId: ctx.userId,
        })
        .returning();
      await tx.insert(postVersions).values({
        postId: row!.id,
        organizationId,
        locale,
        title: input.title,
        short: input.short ?? '',
        searchVector: sql`''::tsvector`,
      });
      await replaceSections(tx, row!, locale, sections);
      await indexVersion(tx, row!.id, locale);
      return (await postWithSections(tx, row!, locale))!;
    }),
  );
}

/**
 * PUT /api/posts/:id (spec §7): changes the post and its `locale` version (made when the post
 * has none in that locale: its title is then required); `sections` replace that version's.
 * `version` must be the post's current one: a save over someone else's answers 409 and changes
 * nothing (docs/behaviour/library.md, "Two editors"). The caller becomes `updatedBy`.
 * @throws AppError `forbidden`, `not-found`, `post-version-conflict`, `identifier-taken`,
 *   `validation-failed`.
 */
export async function updatePost(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  input: { postId: string; changes: UpdatePostRequest },
): Promise<PostWithSections> {
  authorizePostWrite(ctx);
  const { changes } = input;
  const locale = postLocaleOf(changes.locale);
  return libraryAccess(() =>
    deps.db.transaction(async (tx) => {
      const current = await findPostRow(tx, input.postId);
      if (!current) throw postNotFound();
      const conflict = () =>
        new AppError('post-version-conflict', 'Someone else saved this post since you opened it', {
          version: current.version,
        });
      if (current.version !== changes.version) throw conflict();
      const type = changes.type ?? current.type;
      if (changes.sections) checkSections(type as PostType, changes.sections);
      if (changes.alias !== undefined && changes.alias !== current.alias) {
        await assertAliasFree(tx, current.organizationId, changes.alias, current.id);
      }
      const [row] = await tx
        .update(posts)
        .set({
          type,
          alias: changes.alias,
          image: changes.image,
          automation: changes.automation,
          draft: changes.draft,
          services: changes.services,
          updatedByUserId: ctx.userId,
          version: sql`${posts.version} + 1`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(posts.id, current.id), eq(posts.version, changes.version)))
        .returning();
      if (!row) throw conflict();
      const [version] = await tx
        .update(postVersions)
        .set({ title: changes.title, short: changes.short, updatedAt: sql`now()` })
        .where(and(eq(postVersions.postId, row.id), eq(postVersions.locale, locale)))
        .returning();
      if (!version) {
        if (changes.title === undefined) {
          throw new AppError('validation-failed', 'A new language version needs its title', [
            { location: 'body', path: 'title', message: 'required' },
          ]);
        }
        await tx.insert(postVersions).values({
          postId: row.id,
          organizationId: row.organizationId,
          locale,
          title: changes.title,
          short: changes.short ?? '',
          searchVector: sql`''::tsvector`,
        });
      }
      if (changes.sections) await replaceSections(tx, row, locale, changes.sections);
      await indexVersion(tx, row.id, locale);
      return (await postWithSections(tx, row, locale))!;
    }),
  );
}

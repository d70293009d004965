import {
  AppError,
  DEFAULT_POST_LOCALE,
  foldForSearch,
  normalizeSearch,
  POST_LOCALES,
  POST_SEARCH_MAX_RESULTS,
  postLocaleOf,
  type Post,
  type PostSearchQuery,
} from '@accueil/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { RequestContext } from '../../http/request-context';
import { getOrganizationSettings } from '../organizations/index';
import { ensureCatalogue } from './catalogue/ensure-catalogue';
import { readsEveryPost } from './library.policy';
import { libraryAccess } from './post-rows';
import { presentPost, type PostRow } from './posts.presenter';

/**
 * The posts a caller may find (docs/behaviour/library.md, "Who sees what"): marketing with
 * `showAll` every post; marketing naming a `clinic` that organisation's; anyone else their
 * organisation's and the catalogue's (of their sector, or every sector's when they have none),
 * drafts only for marketing.
 * @throws AppError `forbidden` (`showAll` or `draft=true` without marketing), `not-found`
 *   (another organisation's `clinic` without marketing).
 */
async function visibility(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  query: PostSearchQuery,
): Promise<SQL> {
  const marketing = readsEveryPost(ctx);
  if (!marketing && (query.showAll === 'true' || query.draft === 'true')) {
    throw new AppError('forbidden', 'Only marketing reads every post and the drafts');
  }
  if (!marketing && query.clinic && query.clinic !== ctx.organizationId) {
    throw new AppError('not-found', 'Organization not found');
  }
  const draft =
    !marketing || query.draft === 'false'
      ? sql`NOT p.draft`
      : query.draft === 'true'
        ? sql`p.draft`
        : sql`TRUE`;
  if (marketing && query.showAll === 'true') return draft;
  if (marketing && query.clinic) return sql`p.organization_id = ${query.clinic} AND ${draft}`;
  const sector = marketing
    ? null
    : ((await getOrganizationSettings(deps, ctx.organizationId))?.sector ?? null);
  const catalogue = sector
    ? sql`(p.organization_id IS NULL AND (p.catalogue_sector IS NULL OR p.catalogue_sector = ${sector}))`
    : sql`p.organization_id IS NULL`;
  return sql`(p.organization_id = ${ctx.organizationId} OR ${catalogue}) AND ${draft}`;
}

/** `a:* & b:*`: every word of the folded search, as a prefix (a word being typed still finds). */
function prefixQuery(term: string): string | null {
  const words = foldForSearch(term)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

type SearchRow = PostRow & { locale: string; title: string; short: string; locales: string[] };

/**
 * GET /api/posts/search (spec §7): the posts the caller may find, by type, services (any of
 * them), locale (without one: each post's fr-CA version, else its first) and words `q` over
 * title, summary and section bodies — French and English stems, accents folded, each word a
 * prefix; best matches first, else by title. Docs: docs/behaviour/library.md, "Search".
 * @throws AppError `search-too-short` (`q` under 3 characters), `search-too-many-results` (more
 *   than `POST_SEARCH_MAX_RESULTS` posts match), and those of `visibility`.
 */
export async function searchPosts(
  deps: Pick<AppDeps, 'db'>,
  ctx: RequestContext,
  query: PostSearchQuery,
): Promise<Post[]> {
  const term = normalizeSearch(query.q);
  if (term === 'too-short') throw new AppError('search-too-short', 'Search needs at least 3 characters');
  const tsquery = term ? prefixQuery(term) : null;
  const services = (query.services ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const locale = query.locale ? postLocaleOf(query.locale) : null;
  return libraryAccess(async () => {
    await ensureCatalogue(deps);
    const where: SQL[] = [await visibility(deps, ctx, query)];
    if (query.type) where.push(sql`p.type = ${query.type}`);
    if (services.length) {
      where.push(
        sql`EXISTS (SELECT 1 FROM jsonb_array_elements_text(p.services) s WHERE s IN (${sql.join(
          services.map((s) => sql`${s}`),
          sql`, `,
        )}))`,
      );
    }
    if (locale) where.push(sql`v.locale = ${locale}`);
    const match = tsquery
      ? sql`(to_tsquery('french', ${tsquery}) || to_tsquery('english', ${tsquery}))`
      : null;
    if (match) where.push(sql`v.search_vector @@ ${match}`);
    const rank = match ? sql`ts_rank(v.search_vector, ${match})` : sql`0`;
    // Too many matches is decided first, on ids alone: a broad term matches thousands of
    // versions, and ranking them, reading their locales and numbering them only to answer
    // 'too many' was most of a search's time (docs/benchmarks.md, 2026-11-29).
    const probe = (await deps.db.execute(sql`
      SELECT p.id FROM posts p JOIN post_versions v ON v.post_id = p.id
      WHERE ${sql.join(where, sql` AND `)}
      LIMIT ${(POST_SEARCH_MAX_RESULTS + 1) * POST_LOCALES.length}`)) as { rows: { id: string }[] };
    if (new Set(probe.rows.map((r) => r.id)).size > POST_SEARCH_MAX_RESULTS) {
      throw new AppError('search-too-many-results', 'Too many search results, please precise your search.');
    }
    const result = (await deps.db.execute(sql`
      SELECT * FROM (
        SELECT p.id, p.organization_id AS "organizationId", p.type, p.alias, p.image, p.automation, p.draft,
          p.services, p.catalogue_sector AS "catalogueSector", p.author_user_id AS "authorUserId",
          p.updated_by_user_id AS "updatedByUserId", p.version, p.created_at AS "createdAt",
          p.updated_at AS "updatedAt", v.locale, v.title, v.short,
          (SELECT array_agg(o.locale ORDER BY o.locale) FROM post_versions o WHERE o.post_id = p.id) AS locales,
          ${rank} AS rank,
          row_number() OVER (PARTITION BY p.id ORDER BY (v.locale = ${DEFAULT_POST_LOCALE}) DESC, v.locale) AS nth
        FROM posts p JOIN post_versions v ON v.post_id = p.id
        WHERE ${sql.join(where, sql` AND `)}
      ) found
      WHERE nth = 1
      ORDER BY rank DESC, lower(title), id
      LIMIT ${POST_SEARCH_MAX_RESULTS + 1}`)) as { rows: unknown[] };
    const rows = result.rows as unknown as SearchRow[];
    if (rows.length > POST_SEARCH_MAX_RESULTS) {
      throw new AppError('search-too-many-results', 'Too many search results, please precise your search.');
    }
    return rows.map((r) =>
      presentPost({ ...r, createdAt: new Date(r.createdAt), updatedAt: new Date(r.updatedAt) }, r, r.locales),
    );
  });
}

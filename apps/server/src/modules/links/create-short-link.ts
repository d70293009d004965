import { AppError, isShortenableUrl, SHORT_LINK_CODE_CHARS, type ShortLink } from '@accueil/domain';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import { shortLinks } from '../../db/schema/short-links';
import type { RequestContext } from '../../http/request-context';

/** A new code: `SHORT_LINK_CODE_CHARS` characters of base64url from the system's random source (72 bits). */
export function newShortLinkCode(): string {
  return randomBytes((SHORT_LINK_CODE_CHARS * 3) / 4).toString('base64url');
}

/** A stored short link as the API shows it (`shortUrl` on the app's public base). */
export function presentShortLink(
  deps: Pick<AppDeps, 'config'>,
  row: typeof shortLinks.$inferSelect,
): ShortLink {
  return {
    code: row.code,
    shortUrl: `${appBaseUrl(deps.config)}/l/${row.code}`,
    url: row.url,
    clicks: row.clicks,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * POST /api/link/create: the organisation's short link to `url` (an absolute http or https
 * link), made on first request with a random code; the same link asked again gives the same
 * short link (and its clicks so far). Docs: docs/behaviour/short-links.md.
 * @throws AppError 'url-invalid' (400) for any other scheme (javascript:, data:, ftp:…) or a
 *   link that does not parse.
 */
export async function createShortLink(deps: AppDeps, ctx: RequestContext, url: string): Promise<ShortLink> {
  if (!isShortenableUrl(url))
    throw new AppError('url-invalid', 'Only absolute http and https links can be shortened');
  const [created] = await deps.db
    .insert(shortLinks)
    .values({
      organizationId: ctx.organizationId,
      code: newShortLinkCode(),
      url,
      createdByUserId: ctx.userId,
    })
    .onConflictDoNothing({ target: [shortLinks.organizationId, shortLinks.url] })
    .returning();
  if (created) return presentShortLink(deps, created);
  const [existing] = await deps.db
    .select()
    .from(shortLinks)
    .where(and(eq(shortLinks.organizationId, ctx.organizationId), eq(shortLinks.url, url)));
  return presentShortLink(deps, existing!);
}

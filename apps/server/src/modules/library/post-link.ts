import { postLocaleOf, type PostLink, type PostLocaleInput } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { appBaseUrl } from '../../config';
import type { RequestContext } from '../../http/request-context';
import { createShortLink } from '../links/index';
import { authorizePostRead, postNotFound } from './library.policy';
import { findPostRow, libraryAccess } from './post-rows';

/** The public page of a post: `/p/<clinic id>/<post id>` on the app's public base (spec: built from both ids). */
export function publicPostUrl(
  deps: Pick<AppDeps, 'config'>,
  clinicId: string,
  postId: string,
  locale?: PostLocaleInput,
): string {
  const query = locale ? `?locale=${postLocaleOf(locale)}` : '';
  return `${appBaseUrl(deps.config)}/p/${clinicId}/${postId}${query}`;
}

/**
 * POST /api/posts/:id/link[?locale=]: the short link (the links module's) to a published post's
 * public page, to send to a contact. A catalogue post's page shows the sender's clinic; an
 * organisation's post, its own. Docs: docs/behaviour/library.md, "Sending a post".
 * @throws AppError `not-found`: a post the caller may not read, or a draft (never public).
 */
export async function createPostLink(
  deps: AppDeps,
  ctx: RequestContext,
  input: { postId: string; locale?: PostLocaleInput },
): Promise<PostLink> {
  const row = await libraryAccess(() => findPostRow(deps.db, input.postId));
  if (!row) throw postNotFound();
  authorizePostRead(ctx, row);
  if (row.draft) throw postNotFound();
  const url = publicPostUrl(deps, row.organizationId ?? ctx.organizationId, row.id, input.locale);
  const link = await createShortLink(deps, ctx, url);
  return { url, shortUrl: link.shortUrl };
}

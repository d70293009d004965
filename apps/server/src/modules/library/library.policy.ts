import { AppError, can, isMarketing } from '@accueil/domain';
import { actorOf } from '../../http/actor';
import type { RequestContext } from '../../http/request-context';

/** A missing post, one the caller may not read (a draft, another organisation's) answers the same 404. */
export function postNotFound(): AppError {
  return new AppError('not-found', 'Post not found');
}

/** Whether the caller reads every post, drafts and every organisation's included (`post.read` for marketing). */
export function readsEveryPost(ctx: RequestContext): boolean {
  return isMarketing(ctx.role);
}

/**
 * The rule `post.read` on a loaded post (null `organizationId`: the shared catalogue, read by
 * everyone once published). Refusals answer 404: a draft's existence is not told.
 * @throws AppError `not-found`.
 */
export function authorizePostRead(
  ctx: RequestContext,
  post: { organizationId: string | null; draft: boolean },
): void {
  const organizationId = post.organizationId ?? ctx.organizationId;
  if (!can(actorOf(ctx), 'post.read', { organizationId, draft: post.draft })) throw postNotFound();
}

/**
 * The rule `post.write`: marketing writes posts (docs/behaviour/library.md).
 * @throws AppError `forbidden` (403) for everyone else.
 */
export function authorizePostWrite(ctx: RequestContext): void {
  if (!can(actorOf(ctx), 'post.write')) {
    throw new AppError('forbidden', 'Only marketing writes the library’s posts');
  }
}

import {
  postEndpoints,
  type CreatePostRequest,
  type PostLocale,
  type PostSearchQuery,
  type UpdatePostRequest,
} from '@accueil/domain';
import { api } from '../../lib/endpoint-client';

/** GET /api/posts/search: the posts the user may find (the server enforces who sees what). */
export function searchPosts(query: PostSearchQuery, signal?: AbortSignal) {
  return api.call(postEndpoints.search, { query, signal });
}

/** GET /api/posts/:id?locale=: a post with its sections. */
export function getPost(id: string, locale: PostLocale | undefined, signal?: AbortSignal) {
  return api.call(postEndpoints.get, { params: { id }, query: locale ? { locale } : {}, signal });
}

/** POST /api/posts (marketing). */
export function createPost(body: CreatePostRequest) {
  return api.call(postEndpoints.create, { body });
}

/** PUT /api/posts/:id (marketing); a stale `version` answers 409 `post-version-conflict`. */
export function updatePost(id: string, body: UpdatePostRequest) {
  return api.call(postEndpoints.update, { params: { id }, body });
}

/** POST /api/posts/:id/link: the short link to a published post's public page. */
export function createPostLink(id: string, locale?: PostLocale) {
  return api.call(postEndpoints.link, { params: { id }, query: locale ? { locale } : {} });
}

/** GET /api/public/posts/:clinicId/:postId: a published post's public page (no sign-in). */
export function getPublicPost(clinicId: string, postId: string, locale?: PostLocale, signal?: AbortSignal) {
  return api.call(postEndpoints.publicPost, {
    params: { clinicId, postId },
    query: locale ? { locale } : {},
    signal,
  });
}

/** GET /api/consultations/access: whether the organisation is offered the consultations screen. */
export function getConsultationAccess(signal?: AbortSignal) {
  return api.call(postEndpoints.consultationAccess, { signal });
}

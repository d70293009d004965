import { z } from 'zod';
import {
  consultationAccessSchema,
  createPostRequestSchema,
  postLinkSchema,
  postLocaleQuerySchema,
  postParamsSchema,
  postSchema,
  postSearchQuerySchema,
  postSectionParamsSchema,
  postWithSectionsSchema,
  publicPostParamsSchema,
  publicPostSchema,
  sectionSchema,
  updatePostRequestSchema,
} from '../posts/posts';
import { postImageParamsSchema, postImageSchema } from '../posts/post-images';
import { endpoint } from './endpoint';

const tags = ['library'] as const;

/**
 * The content library (docs/behaviour/library.md; spec organisation-setup §7). Every signed-in
 * user reads their organisation's published posts and the catalogue's; marketing (marketing,
 * devops) reads and writes every post, drafts included. A post the caller may not read answers
 * 404, as a missing one. Imported by name, not through `endpoints`: the inbox's first load does
 * not carry their schemas.
 */
export const postEndpoints = {
  search: endpoint({
    method: 'GET',
    path: '/api/posts/search',
    tags,
    summary: 'Posts by type, services, locale and words, in one locale',
    query: postSearchQuerySchema,
    responses: { 200: z.array(postSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/posts',
    tags,
    summary: 'Writes a post and its first locale (marketing)',
    body: createPostRequestSchema,
    responses: { 201: postWithSectionsSchema },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/posts/:id',
    tags,
    summary: 'A post in one locale, with its sections',
    params: postParamsSchema,
    query: postLocaleQuerySchema,
    responses: { 200: postWithSectionsSchema },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/posts/:id',
    tags,
    summary: "Changes a post and one locale's version (marketing); a stale version answers 409",
    params: postParamsSchema,
    body: updatePostRequestSchema,
    responses: { 200: postWithSectionsSchema },
  }),
  sections: endpoint({
    method: 'GET',
    path: '/api/posts/:id/sections',
    tags,
    summary: "A post's sections in one locale, in reading order",
    params: postParamsSchema,
    query: postLocaleQuerySchema,
    responses: { 200: z.array(sectionSchema) },
  }),
  deleteSection: endpoint({
    method: 'DELETE',
    path: '/api/posts/:id/sections/:sectionId',
    tags,
    summary: 'Removes a section, and the slides under it, from one locale or every one (marketing)',
    params: postSectionParamsSchema,
    query: postLocaleQuerySchema,
    responses: { 204: z.null() },
  }),
  link: endpoint({
    method: 'POST',
    path: '/api/posts/:id/link',
    tags,
    summary: "The short link to a published post's public page, to send to a contact",
    params: postParamsSchema,
    query: postLocaleQuerySchema,
    responses: { 201: postLinkSchema },
  }),
  consultationAccess: endpoint({
    method: 'GET',
    path: '/api/consultations/access',
    tags,
    summary: "Whether the caller's organisation is offered the consultations screen (a configured list)",
    responses: { 200: consultationAccessSchema },
  }),
  publicPost: endpoint({
    method: 'GET',
    path: '/api/public/posts/:clinicId/:postId',
    tags: ['public'],
    summary: "A published post's public page: the post, its sections and the clinic's name and logo",
    params: publicPostParamsSchema,
    query: postLocaleQuerySchema,
    responses: { 200: publicPostSchema },
  }),
  /** Multipart form with one picture (field `file`); sniffed, re-encoded without metadata. */
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/posts/images',
    tags,
    summary: 'Uploads a picture for a post (marketing; multipart, one image file)',
    responses: { 201: postImageSchema },
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/public/post-images/:clinicId/:imageId',
    tags: ['public'],
    summary: "A post's picture, without sign-in (its address is the upload's answer)",
    params: postImageParamsSchema,
    responses: { 200: z.string() },
  }),
};

import { multipartFile } from '../multipart';
import { anId, EVERY_ROLE, MARKETING, ONE_PIXEL_PNG, suffix, type RouteExpectation } from './shared';

/** The role × route table's rows for the content library (see `../route-expectations.ts`). */
export const LIBRARY_ROUTES: Record<string, RouteExpectation> = {
  // The content library (library.md): everyone reads what `post.read` lets them (a post they may
  // not read answers 404); marketing writes (`post.write`).
  'GET /api/posts/search': {
    allow: EVERY_ROLE,
    request: (w) => ({ query: `draft=false&clinic=${w.organizationId}` }),
  },
  'POST /api/posts': {
    allow: MARKETING,
    request: () => ({ payload: { type: 'protocol', alias: `matrix_${suffix()}`, title: 'Matrice' } }),
  },
  'GET /api/posts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/posts/{id}': {
    allow: MARKETING,
    request: () => ({ params: anId(), payload: { version: 1, title: 'Matrice' } }),
  },
  'GET /api/posts/{id}/sections': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'DELETE /api/posts/{id}/sections/{sectionId}': {
    allow: MARKETING,
    request: () => ({ params: { ...anId(), sectionId: 'step1' } }),
    rowIdParams: ['id'],
    note: "a section's identifier is the author's, no row id",
  },
  'POST /api/posts/{id}/link': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/consultations/access': { allow: EVERY_ROLE },
  'POST /api/posts/images': {
    allow: MARKETING,
    request: () => multipartFile('file', 'dot.png', Buffer.from(ONE_PIXEL_PNG, 'base64')),
  },
  'GET /api/public/post-images/{clinicId}/{imageId}': {
    allow: 'public',
    request: (w) => ({ params: { clinicId: w.organizationId, imageId: crypto.randomUUID() } }),
  },
  'GET /api/public/posts/{clinicId}/{postId}': {
    allow: 'public',
    request: (w) => ({ params: { clinicId: w.organizationId, postId: crypto.randomUUID() } }),
  },
};

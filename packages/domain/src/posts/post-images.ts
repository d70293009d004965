import { z } from 'zod';

/**
 * Pictures of the library's posts (docs/behaviour/library.md, "Pictures"): uploaded by marketing
 * from the editor, sniffed and re-encoded by the server, kept by the storage carrier, and served
 * without sign-in (a post's public page shows them) at the address the upload answers.
 */

/** Largest picture the editor may upload (bytes, base 1000): the server shrinks it to fit 200 kB. */
export const POST_IMAGE_UPLOAD_MAX_BYTES = 20_000_000;

/**
 * POST /api/posts/images: where the kept picture is served (`url`, a path of this server, what a
 * post's `image` or a body's `<img src>` names) and its size in pixels.
 */
export const postImageSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof postImageSchema>;

/** `:clinicId` and `:imageId` of a post's picture. */
export const postImageParamsSchema = z.strictObject({ clinicId: z.uuid(), imageId: z.uuid() });

/** The path a post's picture is served at (`GET /api/public/post-images/:clinicId/:imageId`). */
export function postImagePath(clinicId: string, imageId: string): string {
  return `/api/public/post-images/${clinicId}/${imageId}`;
}

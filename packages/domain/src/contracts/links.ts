import { z } from 'zod';

/** Longest link that may be shortened (characters). */
export const SHORT_LINK_URL_MAX_CHARS = 2048;
/** A short code's length: 12 characters of base64url, 72 random bits (unguessable). */
export const SHORT_LINK_CODE_CHARS = 12;

/** POST /api/link/create: the link to shorten (http or https only; the server answers `url-invalid` otherwise). */
export const createShortLinkSchema = z.strictObject({
  url: z.string().trim().min(1).max(SHORT_LINK_URL_MAX_CHARS),
});
export type CreateShortLinkRequest = z.infer<typeof createShortLinkSchema>;

/** A short link: its code, the absolute short URL (`<PUBLIC_URL>/l/<code>`), the target and its click count. */
export const shortLinkSchema = z.object({
  code: z.string(),
  shortUrl: z.string(),
  url: z.string(),
  clicks: z.number().int().min(0),
  createdAt: z.iso.datetime(),
});
export type ShortLink = z.infer<typeof shortLinkSchema>;

/** Whether `url` may be shortened: an absolute http or https URL with a host. */
export function isShortenableUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

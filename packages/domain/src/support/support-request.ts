import { z } from 'zod';

/**
 * A support request (spec: "Support request": description, screenshot, name, email, url, user,
 * organization; docs/behaviour/support.md). The person, their e-mail, user and organisation are
 * the session's, never the form's: the form carries the description, the page and the screenshot.
 */

/** Longest description (characters, after trimming). */
export const SUPPORT_DESCRIPTION_MAX_LENGTH = 5000;
/** Longest page address sent with a request (characters). */
export const SUPPORT_URL_MAX_LENGTH = 2048;
/** Largest screenshot accepted (bytes; 5 MB, base 1000). */
export const SUPPORT_SCREENSHOT_MAX_BYTES = 5_000_000;
/** The screenshot's types (spec: png, jpeg, svg), as sniffed from the content, never from the name. */
export const SUPPORT_SCREENSHOT_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
/** What a file picker offers for the screenshot (the types above, by extension too). */
export const SUPPORT_SCREENSHOT_ACCEPT = 'image/png,image/jpeg,image/svg+xml,.png,.jpg,.jpeg,.svg';
/** Requests one user may send per hour (a mistake or a script must not flood the support address). */
export const SUPPORT_REQUESTS_PER_HOUR = 10;

/**
 * The form's text fields (multipart fields `description` and `url`; the file is `screenshot`).
 * `description` is required (spec: "Support description is required"); `url` is the page the
 * person was on, an http(s) address.
 */
export const supportRequestFieldsSchema = z.strictObject({
  description: z.string().trim().min(1, 'required').max(SUPPORT_DESCRIPTION_MAX_LENGTH, 'maxLength'),
  url: z
    .url({ protocol: /^https?$/, error: 'url-invalid' })
    .max(SUPPORT_URL_MAX_LENGTH, 'maxLength')
    .optional(),
});
export type SupportRequestFields = z.infer<typeof supportRequestFieldsSchema>;

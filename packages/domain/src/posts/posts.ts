import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../constants';

/**
 * The content library (docs/behaviour/library.md; spec organisation-setup §3–§7): posts of four
 * types, each with versions in the product's locales, their sections (steps) and a protocol's
 * slides (sections under a parent step).
 */

/** The four kinds of post. */
export const POST_TYPES = ['protocol', 'consultation', 'document', 'article'] as const;
export const postTypeSchema = z.enum(POST_TYPES);
export type PostType = z.infer<typeof postTypeSchema>;

/**
 * The number of each type in the library's route `/material/{type}`. The spec names only the
 * menu's link, libraries → `/material/2` (the documents); the others are ours.
 */
export const POST_MATERIAL_NUMBERS: Readonly<Record<PostType, number>> = {
  protocol: 1,
  document: 2,
  consultation: 3,
  article: 4,
};

/** The type `/material/{n}` shows, or null for a number that names none. */
export function postTypeOfMaterial(n: number): PostType | null {
  return POST_TYPES.find((type) => POST_MATERIAL_NUMBERS[type] === n) ?? null;
}

/** A post's version is in one of the product's locales; a post without one given is French (Canada). */
export const POST_LOCALES = SUPPORTED_LOCALES;
export const postLocaleSchema = z.enum(POST_LOCALES);
export type PostLocale = z.infer<typeof postLocaleSchema>;
export const DEFAULT_POST_LOCALE: PostLocale = 'fr-CA';
/**
 * A locale as a request may name it: one of the product's, or the spec's bare `fr` / `en`
 * (French variants mean fr-CA, English ones en-CA; spec §9).
 */
export const postLocaleInputSchema = z.enum([...POST_LOCALES, 'fr', 'en']);
export type PostLocaleInput = z.infer<typeof postLocaleInputSchema>;

/** The product's locale a request's `fr` or `en` means (absent: `DEFAULT_POST_LOCALE`). */
export function postLocaleOf(input: PostLocaleInput | undefined): PostLocale {
  if (input === undefined || input === 'fr') return DEFAULT_POST_LOCALE;
  if (input === 'en') return 'en-CA';
  return input;
}

/** Longest alias or section identifier, title, label and short summary (characters). */
export const POST_IDENTIFIER_MAX_CHARS = 80;
export const POST_TITLE_MAX_CHARS = 200;
export const POST_SHORT_MAX_CHARS = 1000;
export const POST_SECTIONS_MAX = 200;
export const POST_SUB_SECTIONS_MAX = 50;
/**
 * Largest post a request may carry (bytes, 5 MB in the spec's base 1000): title, summary and
 * every section of one locale. A larger body answers 413 `payload-too-large`.
 */
export const POST_MAX_BYTES = 5_000_000;
/** Most posts one search answers; more matches answer 400 `search-too-many-results` (spec §8). */
export const POST_SEARCH_MAX_RESULTS = 100;

/**
 * An identifier (a post's alias, a section's id): no hyphen (spec §5, the issue `id-invalid`),
 * no blank; letters, digits and `_` only, so that it fits a path and a link.
 */
export const postIdentifierSchema = z
  .string()
  .trim()
  .min(1, 'required')
  .max(POST_IDENTIFIER_MAX_CHARS, 'max-length')
  .regex(/^[\p{L}\p{N}_]+$/u, 'id-invalid');

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'max-length');
const optionalText = (max: number) => z.string().trim().max(max, 'max-length');

/** How a sub-section's content is laid out and what it is. */
export const SUB_SECTION_ALIGNS = ['left', 'center', 'right', 'justify'] as const;
export const SUB_SECTION_FORMATS = ['text', 'image', 'video', 'link'] as const;

/**
 * A part of a section: a title, a body (HTML, sanitised by the server: no script, style, event
 * handler or `javascript:` link survives), a link (`url`: an image, a video or a page), its
 * alignment and format.
 */
export const subSectionSchema = z.object({
  title: optionalText(POST_TITLE_MAX_CHARS).default(''),
  body: z.string().default(''),
  url: z.string().trim().max(2000, 'max-length').nullable().default(null),
  align: z.enum(SUB_SECTION_ALIGNS).default('left'),
  format: z.enum(SUB_SECTION_FORMATS).default('text'),
});
export type SubSection = z.infer<typeof subSectionSchema>;

/**
 * A section of a post in one locale, as written: its identifier (`id`, unique in the post's
 * locale), title, label, `parent` (the id of the step a slide belongs to; null for a step), a
 * checkbox the reader ticks, a private note (shown to staff only, never on the public page) and
 * its sub-sections. In a protocol a section with a parent is a slide: its label is required.
 * The order of the list is the reading order.
 */
export const sectionInputSchema = z.object({
  id: postIdentifierSchema,
  title: optionalText(POST_TITLE_MAX_CHARS).default(''),
  label: optionalText(POST_TITLE_MAX_CHARS).default(''),
  parent: postIdentifierSchema.nullable().default(null),
  checkbox: z.boolean().default(false),
  privateNote: optionalText(POST_SHORT_MAX_CHARS).default(''),
  subSections: z.array(subSectionSchema).max(POST_SUB_SECTIONS_MAX).default([]),
});
export type SectionInput = z.input<typeof sectionInputSchema>;

/**
 * A stored section: what was written, plus `order` (its place in the post's reading order, from
 * 0) and `index` (its place among the sections of the same parent, from 0).
 */
export const sectionSchema = z.object({
  id: z.string(),
  locale: postLocaleSchema,
  title: z.string(),
  label: z.string(),
  parent: z.string().nullable(),
  index: z.number().int(),
  order: z.number().int(),
  checkbox: z.boolean(),
  privateNote: z.string(),
  subSections: z.array(
    z.object({
      title: z.string(),
      body: z.string(),
      url: z.string().nullable(),
      align: z.enum(SUB_SECTION_ALIGNS),
      format: z.enum(SUB_SECTION_FORMATS),
    }),
  ),
});
export type Section = z.infer<typeof sectionSchema>;

/**
 * A post in one locale (spec §3). `clinic`: its organisation, null for the shared catalogue
 * shipped with the product; `locales`: the locales it has a version in; `draft`: only marketing
 * reads a draft; `version`: raised by every save, sent back by the next one (a stale one answers
 * 409 `post-version-conflict`); `author` and `updatedBy`: user ids (null for the catalogue).
 */
export const postSchema = z.object({
  id: z.uuid(),
  locale: postLocaleSchema,
  locales: z.array(postLocaleSchema),
  type: postTypeSchema,
  alias: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  short: z.string(),
  clinic: z.uuid().nullable(),
  author: z.uuid().nullable(),
  draft: z.boolean(),
  services: z.array(z.string()),
  updatedBy: z.uuid().nullable(),
  automation: z.boolean(),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Post = z.infer<typeof postSchema>;

const servicesSchema = z.array(z.string().trim().min(1).max(80)).max(100);

/**
 * POST /api/posts (spec §7): a new post and its first locale's version (default fr-CA), with
 * its sections. `clinic` null or absent: the caller's organisation; marketing may name another
 * organisation's, or null for the shared catalogue (`catalogue: true`). A new post is a draft
 * unless `draft: false`. The author is the caller.
 */
export const createPostRequestSchema = z.strictObject({
  locale: postLocaleInputSchema.optional(),
  type: postTypeSchema,
  alias: postIdentifierSchema,
  title: requiredText(POST_TITLE_MAX_CHARS),
  image: z.string().trim().max(2000, 'max-length').nullable().optional(),
  automation: z.boolean().optional(),
  short: optionalText(POST_SHORT_MAX_CHARS).optional(),
  clinic: z.uuid().nullable().optional(),
  catalogue: z.boolean().optional(),
  draft: z.boolean().optional(),
  services: servicesSchema.optional(),
  sections: z.array(sectionInputSchema).max(POST_SECTIONS_MAX).optional(),
});
export type CreatePostRequest = z.infer<typeof createPostRequestSchema>;

/**
 * PUT /api/posts/:id (spec §7): the fields to change, in `locale`'s version (a locale the post
 * has no version in yet gets one: its title is then required). `version` is the one the editor
 * read; `sections`, when given, replace that locale's sections. The caller is `updatedBy`.
 */
export const updatePostRequestSchema = z.strictObject({
  version: z.number().int().min(1),
  locale: postLocaleInputSchema.optional(),
  type: postTypeSchema.optional(),
  alias: postIdentifierSchema.optional(),
  title: requiredText(POST_TITLE_MAX_CHARS).optional(),
  image: z.string().trim().max(2000, 'max-length').nullable().optional(),
  automation: z.boolean().optional(),
  short: optionalText(POST_SHORT_MAX_CHARS).optional(),
  draft: z.boolean().optional(),
  services: servicesSchema.optional(),
  sections: z.array(sectionInputSchema).max(POST_SECTIONS_MAX).optional(),
});
export type UpdatePostRequest = z.infer<typeof updatePostRequestSchema>;

/** `:id` of a post. */
export const postParamsSchema = z.strictObject({ id: z.uuid() });
/** `:id/sections/:sectionId`: a section's identifier within the post. */
export const postSectionParamsSchema = z.strictObject({
  id: z.uuid(),
  sectionId: z.string().min(1).max(200),
});
/** `?locale=` of a post's reads (absent: fr-CA, or the first locale the post has). */
export const postLocaleQuerySchema = z.strictObject({ locale: postLocaleInputSchema.optional() });

const flag = z.enum(['true', 'false']);
/**
 * GET /api/posts/search (spec §7): by `type`, `services` (comma-separated ids, any of them),
 * `locale`, and words `q` (≥ 3 characters) over title, summary and section bodies. Marketing
 * asks `showAll=true` (every organisation's and the catalogue's, drafts included) or names a
 * `clinic`; others ask `draft=false` with their `clinic` (their organisation's published posts
 * and the catalogue's).
 */
export const postSearchQuerySchema = z.strictObject({
  type: postTypeSchema.optional(),
  services: z.string().max(2000).optional(),
  locale: postLocaleInputSchema.optional(),
  q: z.string().max(200).optional(),
  showAll: flag.optional(),
  draft: flag.optional(),
  clinic: z.uuid().optional(),
});
export type PostSearchQuery = z.infer<typeof postSearchQuerySchema>;

/** A post with its sections in one locale: what a reader sees. */
export const postWithSectionsSchema = postSchema.extend({ sections: z.array(sectionSchema) });
export type PostWithSections = z.infer<typeof postWithSectionsSchema>;

/** `:clinicId/:postId` of a post's public page (spec: built from the clinic id and the post id). */
export const publicPostParamsSchema = z.strictObject({ clinicId: z.uuid(), postId: z.uuid() });

/**
 * A published post as its public page shows it, to anyone with the link: the post in one
 * locale with its sections (private notes left out), and of the clinic only its name and logo.
 */
export const publicPostSchema = z.object({
  post: postSchema.omit({ author: true, updatedBy: true, version: true, automation: true }),
  sections: z.array(sectionSchema.omit({ privateNote: true })),
  clinic: z.object({ name: z.string(), logoUrl: z.string().nullable() }),
});
export type PublicPost = z.infer<typeof publicPostSchema>;

/** POST /api/posts/:id/link: the short link to the post's public page (a published post only). */
export const postLinkSchema = z.object({ url: z.string(), shortUrl: z.string() });
export type PostLink = z.infer<typeof postLinkSchema>;

/**
 * GET /api/consultations/access: whether the caller's organisation is on the configured list
 * offered the consultations screen and its menu entry (`CONSULTATION_ORGANIZATION_IDS`).
 */
export const consultationAccessSchema = z.object({ enabled: z.boolean() });
export type ConsultationAccess = z.infer<typeof consultationAccessSchema>;

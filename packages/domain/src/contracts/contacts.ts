import { z } from 'zod';
import { CONTACT_PAGE_SIZE, CONTACT_PAGE_SIZE_MAX, SEARCH_MAX_CHARS, SUPPORTED_LOCALES } from '../constants';
import { contactDetailsSchema } from '../entities/contact';

/**
 * GET /api/contacts?search=&cursor=&limit=
 * Sorted by last name, first name (case and accents ignored), then id. Keyset pagination: pass
 * `nextCursor` back as `cursor` with the same search. `search` needs ≥ 3 characters (else
 * `search-too-short`) and matches the name, phone (as typed or by its digits) and e-mail,
 * ignoring case and accents ('Helene' finds 'Hélène').
 */
export const listContactsQuerySchema = z.strictObject({
  search: z.string().max(SEARCH_MAX_CHARS).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(CONTACT_PAGE_SIZE_MAX).default(CONTACT_PAGE_SIZE),
});
export type ListContactsQuery = z.infer<typeof listContactsQuerySchema>;

/**
 * One page of contacts. `total` counts every contact of the list (all pages): exactly without a
 * search; with one, at most `CONTACT_SEARCH_COUNT_CAP`, and `totalCapped` is true when more match.
 */
export const contactPageSchema = z.object({
  items: z.array(contactDetailsSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type ContactPage = z.infer<typeof contactPageSchema>;

export const contactIdParamsSchema = z.strictObject({ id: z.uuid() });

/** A survey a contact answered or was sent. No survey exists yet: the list is empty. */
export const patientSurveySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  followupDone: z.boolean(),
  createdAt: z.iso.datetime(),
});
export const patientSurveysSchema = z.object({ items: z.array(patientSurveySchema) });
export type PatientSurveys = z.infer<typeof patientSurveysSchema>;

/** Where an import is: `queued` (stored, waiting for a worker), `running`, then `done` or `failed`. */
export const contactImportStatusSchema = z.enum(['queued', 'running', 'done', 'failed']);
export type ContactImportStatus = z.infer<typeof contactImportStatusSchema>;

/** Why an import skipped a row (the downloadable list gives one per skipped row). */
export const IMPORT_SKIP_REASONS = [
  'missing-name',
  'invalid-phone',
  'duplicate-phone',
  'invalid-email',
  'invalid-date',
  'invalid-language',
  'invalid-gender',
  'cell-too-long',
] as const;
export type ImportSkipReason = (typeof IMPORT_SKIP_REASONS)[number];
export const importSkipReasonSchema = z.enum(IMPORT_SKIP_REASONS);

/**
 * An import of a contacts file. `processedRows` of `totalRows` (data rows, header excluded) have
 * been read; `importedCount` + `skippedCount` = `processedRows`. `error` says why a `failed`
 * import stopped (nothing after the last written batch was imported). `skippedReasons` counts
 * the kept skipped rows (the first `IMPORT_SKIPPED_ROWS_KEPT`) per reason, most frequent first,
 * in `GET /api/contacts/imports/:id`; empty in the answer to the upload and in realtime events.
 */
export const contactImportSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  status: contactImportStatusSchema,
  totalRows: z.number().int(),
  processedRows: z.number().int(),
  importedCount: z.number().int(),
  skippedCount: z.number().int(),
  error: z.string().nullable(),
  skippedReasons: z.array(z.object({ reason: importSkipReasonSchema, count: z.number().int() })),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});
export type ContactImport = z.infer<typeof contactImportSchema>;

export const contactImportIdParamsSchema = z.strictObject({ id: z.uuid() });

/** GET /api/contacts/imports/:id/skipped?locale=: the language of the reasons' texts (fr-CA by default). */
export const skippedRowsQuerySchema = z.strictObject({ locale: z.enum(SUPPORTED_LOCALES).default('fr-CA') });

import { AppError } from '@accueil/domain';
import type { FastifyRequest } from 'fastify';

/** A file of a multipart form, read whole (the routes that use this read a few megabytes at most). */
export type FormFile = { fileName: string; mimeType: string; data: Buffer };

/** What a route reads of a multipart form (`readMultipartForm`). */
export type MultipartFormRules<F extends string> = {
  /** The file fields it takes, each once. A file under any other field is refused (400 `not-in`). */
  files: readonly F[];
  /** Those that must be present (and not empty). */
  requiredFiles?: readonly F[];
  /** The text fields it keeps; others are ignored (e.g. identity fields the session answers). */
  fields?: readonly string[];
  /** The 415 answer's message for a body that is not multipart (say which field to send). */
  notMultipart: string;
  /** The 413 answer's message for a file past the parser's `fileSize` limit (say the limit). */
  tooLarge: string;
  /**
   * The refusal of a missing required file. Default: 400 `validation-failed` with the detail
   * `{ path: <field>, message: 'required' }`. Called before an unknown field is refused, so a
   * file sent under the wrong name reads as the right one missing.
   */
  missing?: (field: F) => AppError;
};

/** What a form holds: its kept text fields and its files by field (a missing optional one is absent). */
export type MultipartForm<F extends string> = {
  fields: Record<string, string>;
  files: Partial<Record<F, FormFile>>;
};

/**
 * Reads a multipart form (`@fastify/multipart`, registered with its limits by the route's scope)
 * by one set of rules, so every upload answers the same way: not multipart → 415
 * `unsupported-media-type`; a file past `fileSize` → 413 `payload-too-large`; a text field cut by
 * `fieldSize` → 400 `validation-failed` (`maxLength`); a required file missing or empty → the
 * route's `missing` refusal; a file under a field not in `files`, or twice → 400
 * `validation-failed` (`not-in`). Empty optional files are dropped.
 * @throws AppError as above; other parser errors as they come.
 */
export async function readMultipartForm<F extends string>(
  request: FastifyRequest,
  rules: MultipartFormRules<F>,
): Promise<MultipartForm<F>> {
  if (!request.isMultipart()) throw new AppError('unsupported-media-type', rules.notMultipart);
  const fields: Record<string, string> = {};
  const files: Partial<Record<F, FormFile>> = {};
  const refused: string[] = [];
  const keep = new Set(rules.fields ?? []);
  const take = new Set<string>(rules.files);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        const field = part.fieldname as F;
        if (!take.has(field) || files[field]) refused.push(part.fieldname);
        else if (data.length > 0) files[field] = { fileName: part.filename, mimeType: part.mimetype, data };
      } else if (part.valueTruncated) {
        throw new AppError('validation-failed', `The field ${part.fieldname} is too long`, [
          { location: 'body', path: part.fieldname, message: 'maxLength' },
        ]);
      } else if (keep.has(part.fieldname)) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('payload-too-large', rules.tooLarge);
    throw err;
  }
  for (const field of rules.requiredFiles ?? []) {
    if (files[field]) continue;
    throw (
      rules.missing?.(field) ??
      new AppError('validation-failed', `Send the file in the "${field}" field`, [
        { location: 'body', path: field, message: 'required' },
      ])
    );
  }
  if (refused.length > 0)
    throw new AppError(
      'validation-failed',
      `This form takes no file "${refused[0]}"`,
      refused.map((path) => ({ location: 'body' as const, path, message: 'not-in' })),
    );
  return { fields, files };
}

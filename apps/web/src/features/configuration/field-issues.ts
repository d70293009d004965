import type { z } from 'zod';
import { ApiError } from '../../lib/api';

/** Field problems by dotted path (`week.1.breaks.0`, `names.fr-CA`) → issue code (`schedule-breaks-overlap`, `url-invalid`). */
export type FieldIssues = Record<string, string>;

/** The first issue of each path of a zod failure (the same codes the server answers). */
export function issuesOfZod(error: z.ZodError): FieldIssues {
  const out: FieldIssues = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    out[path] ??= issue.message;
  }
  return out;
}

/**
 * The field issues of a server refusal: `validation-failed` details `{ path, message }` (and a
 * `phone-invalid` answer's), by path; empty for any other error.
 */
export function issuesOfApiError(error: unknown): FieldIssues {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: FieldIssues = {};
  for (const d of error.details as { path?: unknown; message?: unknown }[]) {
    if (typeof d.path === 'string' && typeof d.message === 'string') out[d.path] ??= d.message;
  }
  return out;
}

/** Message id of an issue code in a catalogue namespace: known codes have their own text (`<namespace>.issue.<code>`), others the namespace's generic one. */
export function issueMessageId(namespace: string, code: string, known: readonly string[]): string {
  return known.includes(code) ? `${namespace}.issue.${code}` : `${namespace}.issue.invalid`;
}

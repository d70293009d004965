import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, type ApiErrorCode } from '../api';

/** Where the form-level error of a refusal lives in react-hook-form's errors (`errors.root.server`). */
export const FORM_ERROR = 'root.server' as const;

/**
 * How a form reads the server's refusals. `codes`: an error code that concerns one field (409
 * `email-taken` → `email`). `paths`: a `validation-failed` detail path the form names otherwise
 * (`body.phoneNumber` or `phoneNumber` → `phone`). `fields`: the form's fields whose names are the
 * server's paths. `fieldOf`: the field of a path, for fields named by the data. A refusal none of these name is the form's own (shown above its buttons).
 * `fallback`: the message id of that form-level error for an unknown failure (a bare `internal`,
 * or a failure that is no API error), as `notifyError`'s second argument (default `error.internal`).
 */
export interface ServerErrorMap<T extends FieldValues> {
  codes?: Partial<Record<ApiErrorCode, Path<T>>>;
  paths?: Record<string, Path<T>>;
  fields?: readonly Path<T>[];
  /**
   * For fields the data names (a schedule's `week.1.breaks.0`, not listable in `fields`): the
   * field of a detail's path (without its `body.` location), or undefined when it is none.
   */
  fieldOf?: (path: string) => Path<T> | undefined;
  fallback?: string;
  /**
   * A code's own message id in this form, in place of `error.<code>` (on its field or the form):
   * the same code can mean something else here (502 `mail-unavailable` while connecting a
   * mailbox is a server that did not answer, not a mail that could not be sent).
   */
  messages?: Partial<Record<ApiErrorCode, string>>;
}

/** One `validation-failed` detail `{ location?, path, message }` (docs/api.md, errors). */
interface Issue {
  path: string;
  message: string;
}

function issuesOf(details: unknown): Issue[] {
  if (!Array.isArray(details)) return [];
  return details.filter(
    (d): d is Issue =>
      typeof d === 'object' &&
      d !== null &&
      typeof (d as Issue).path === 'string' &&
      typeof (d as Issue).message === 'string',
  );
}

/**
 * Puts a failed call's error `{ code, message, details }` on a react-hook-form form:
 * - each `validation-failed` detail whose path is a known field → that field, its message the
 *   issue's code (read by {@link useErrorText}: `error.<code>` or the form's own text);
 * - a code `map.codes` names → that field, message `error.<code>` (focused);
 * - anything else (another code, a network failure, a plain Error) → the form-level error
 *   {@link FORM_ERROR}, message `error.<code>` (`error.internal` for an unknown failure);
 * - `map.messages` gives a code another message id, on its field or the form.
 * Returns `'fields'` when at least one field took the error, `'form'` otherwise. The texts are
 * message ids, localised where the form shows them; `retryAfterS` travels as `type` for 429s.
 */
export function applyServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  map: ServerErrorMap<T> = {},
): 'fields' | 'form' {
  const apiError = error instanceof ApiError ? error : null;
  const code = apiError?.code ?? 'internal';
  const known = new Set<string>(map.fields ?? []);
  const fieldOfPath = (path: string): Path<T> | undefined => {
    const bare = path.replace(/^(body|querystring|params)\./, '');
    return (
      map.paths?.[path] ??
      map.paths?.[bare] ??
      (known.has(bare) ? (bare as Path<T>) : undefined) ??
      map.fieldOf?.(bare)
    );
  };
  let onField = false;
  if (code === 'validation-failed' || code === 'phone-invalid' || code === 'email-invalid') {
    for (const issue of issuesOf(apiError?.details)) {
      const field = fieldOfPath(issue.path);
      if (!field) continue;
      setError(field, { type: 'server', message: issue.message }, { shouldFocus: !onField });
      onField = true;
    }
  }
  if (onField) return 'fields';
  const field = map.codes?.[code];
  if (field) {
    setError(
      field,
      { type: 'server', message: map.messages?.[code] ?? `error.${code}` },
      { shouldFocus: true },
    );
    return 'fields';
  }
  setError(FORM_ERROR, {
    type: apiError?.retryAfterS !== undefined ? String(apiError.retryAfterS) : 'server',
    message: map.messages?.[code] ?? (code === 'internal' && map.fallback ? map.fallback : `error.${code}`),
  });
  return 'form';
}

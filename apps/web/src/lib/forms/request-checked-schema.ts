import { z } from 'zod';

/**
 * A form's schema for values of type `T` (what the inputs hold: a NumberInput's `number | ''`,
 * a select's choice, texts as typed) judged by the domain's request schema: the values pass when
 * `toRequest(values)` passes `request`, and each of the request's issues lands on the field of
 * the same path with the same message (the issue code the server would answer). The output is
 * the values themselves; the submit handler builds the request from them. For forms whose
 * fields are not the request's own shape; a form of the request's shape uses the schema itself.
 */
export function requestCheckedSchema<T>(
  request: z.ZodType,
  toRequest: (values: T) => unknown = (values) => values,
): z.ZodType<T, T> {
  return z.custom<T>().superRefine((values, ctx) => {
    const parsed = request.safeParse(toRequest(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** A NumberInput's value as a request's number: NaN (refused by the request's number schema) when it is none (`''`). */
export function numberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number.NaN;
}

import { z } from 'zod';

/**
 * A form's schema whose fields are `shape` (what the inputs hold: a NumberInput's `number | ''`,
 * a select's choice), judged by the domain's request schema: the values pass when
 * `toRequest(values)` passes `request`, and each of the request's issues lands on the field of
 * the same path with the same message (the issue code the server would answer). The output is
 * the values; the submit handler builds the request from them.
 */
export function requestCheckedSchema<Shape extends z.ZodRawShape>(
  shape: Shape,
  request: z.ZodType,
  toRequest: (values: z.output<z.ZodObject<Shape>>) => unknown,
) {
  return z.object(shape).superRefine((values, ctx) => {
    const parsed = request.safeParse(toRequest(values));
    if (parsed.success) return;
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });
}

/** A NumberInput's value: the number, or the text while it is none (empty, `-`). */
export const numberInputValue = z.union([z.number(), z.string()]);

/** A NumberInput's value as a request's number: NaN (refused as `number-invalid`) when it is no number. */
export function numberOf(value: number | string): number {
  return typeof value === 'number' ? value : Number.NaN;
}

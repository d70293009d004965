import type { ZodType } from 'zod';

/**
 * Answers are checked against their endpoint's schema in development (`vite dev`), where a
 * difference between the server and the shared endpoint should fail loudly; production builds
 * skip the check (the server serialises every answer through the same schema, which its own
 * tests exercise). Unit tests answer with partial fixtures, so they turn it on where they test
 * it (`checkAnswers(true)`).
 */
let CHECK_ANSWERS = import.meta.env.DEV && import.meta.env.MODE !== 'test';

/** Turns the answer check on or off (tests of the client). */
export function checkAnswers(on: boolean): void {
  CHECK_ANSWERS = on;
}

/** The expected answer schema of a pending call, keyed by the call's options object. */
const expected = new WeakMap<object, ZodType>();

/** Marks the call made with `options` as expecting an answer matching `schema`; returns `options`. */
export function expectAnswer<O extends object>(options: O, schema: ZodType | undefined): O {
  if (CHECK_ANSWERS && schema) expected.set(options, schema);
  return options;
}

/**
 * The issues of an answer that does not match what its call expects, or null when it matches
 * (or nothing is expected, or checks are off). The answer itself is never changed, so
 * development and production behave alike.
 */
export function answerMismatch(options: object, answer: unknown): string | null {
  const schema = expected.get(options);
  if (!schema) return null;
  const result = schema.safeParse(answer);
  if (result.success) return null;
  return result.error.issues
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

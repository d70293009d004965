import type { FieldErrors, FieldValues } from 'react-hook-form';

/**
 * The messages of a form's errors by dotted path (`week.1.breaks.0` → `schedule-breaks-overlap`),
 * the first of each path, for editors whose fields the data names (a schedule's days and breaks)
 * and that read their problems by path. The form-level error (`root`) is left out.
 */
export function errorsByPath<T extends FieldValues>(errors: FieldErrors<T>): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string' && path.length > 0) out[path.join('.')] ??= message;
    for (const [key, child] of Object.entries(node))
      if (!['message', 'type', 'types', 'ref', 'root'].includes(key)) walk(child, [...path, key]);
  };
  walk(errors, []);
  return out;
}

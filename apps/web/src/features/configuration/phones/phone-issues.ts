import type { IntlShape } from 'react-intl';
import { issueMessageId, type FieldIssues } from '../field-issues';

/** The issue codes with their own text in the `phones` namespace (`phones.issue.<code>`); others show the generic one. */
export const PHONE_ISSUES = [
  'required',
  'max-length',
  'number-invalid',
  'sip-domain-invalid',
  'phone-invalid',
  'extension-invalid',
  'sip-username-invalid',
  'max-count',
] as const;

/** The localised text of the issue at `path` (undefined when none). `values` fills the text (`{max}`, `{min}`). */
export function issueText(
  intl: IntlShape,
  issues: FieldIssues,
  path: string,
  values?: Record<string, number>,
): string | undefined {
  const code = issues[path];
  return code ? intl.formatMessage({ id: issueMessageId('phones', code, PHONE_ISSUES) }, values) : undefined;
}

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
  return phoneIssueText(intl, issues[path], values);
}

/**
 * The localised text of a form field's error message (react-hook-form's `message`): an issue
 * code of the domain's schemas (`extension-invalid`), or `error.<code>` of a server refusal that
 * `applyServerError` put on the field (`error.phone-invalid`, read as the code). Codes with a
 * `phones.issue.<code>` text say it; `error.sip-line-taken` is said as a taken SIP user name;
 * any other the generic "invalid value". Undefined when there is no message.
 */
export function phoneIssueText(
  intl: IntlShape,
  message: string | undefined,
  values?: Record<string, number>,
): string | undefined {
  if (!message) return undefined;
  const code = message.replace(/^error\./, '');
  if (code === 'sip-line-taken') return intl.formatMessage({ id: 'phones.issue.sip-user-taken' });
  return intl.formatMessage({ id: issueMessageId('phones', code, PHONE_ISSUES) }, values);
}

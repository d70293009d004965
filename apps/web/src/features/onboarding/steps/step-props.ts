import { type IntlShape } from 'react-intl';
import { issueAt, type DraftIssue, type OnboardingDraft } from '../onboarding-draft';

/** What every step receives: the draft, a way to change it, and the problems to show. */
export type StepProps = {
  draft: OnboardingDraft;
  change: (next: OnboardingDraft) => void;
  issues: DraftIssue[];
};

/** The localised message of the first problem at `path` of the draft, or undefined when it has none. */
export function errorOf(intl: IntlShape, issues: DraftIssue[], path: string): string | undefined {
  const issue = issueAt(issues, path);
  return issue ? intl.formatMessage({ id: issue.messageId }, issue.values) : undefined;
}

import type { Locale } from '@accueil/domain';
import { useState } from 'react';
import { useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useZodForm } from '../../lib/forms';
import {
  draftIssues,
  issueMessage,
  issueOfMessage,
  newDraft,
  onboardingDraftSchema,
  type DraftIssue,
  type OnboardingDraft,
} from './onboarding-draft';

/** Every message of a form error (all of a path's problems: a password's several rules), by path. */
function issuesOfErrors(errors: FieldErrors<OnboardingDraft>): DraftIssue[] {
  const out: DraftIssue[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { message, types } = node as { message?: unknown; types?: Record<string, unknown> };
    if (typeof message === 'string' && path.length > 0) {
      const all = types ? Object.values(types).flat() : [message];
      for (const m of all) if (typeof m === 'string') out.push(issueOfMessage(path.join('.'), m));
    }
    for (const [key, child] of Object.entries(node))
      if (!['message', 'type', 'types', 'ref', 'root'].includes(key)) walk(child, [...path, key]);
  };
  walk(errors, []);
  return out;
}

/**
 * The onboarding wizard's draft as a `useZodForm` (`onboardingDraftSchema`: the server's rules),
 * checked only when a step asks to go on (`check(fields)`: true when the step's fields pass, else
 * their problems are shown). A change re-checks the problems shown as the user fixes them, never
 * adding new ones before the next attempt. `issues` are the problems shown, as the steps read them.
 */
export function useOnboardingForm(locale: Locale) {
  const form = useZodForm<OnboardingDraft>(onboardingDraftSchema, {
    defaultValues: newDraft(locale),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    criteriaMode: 'all',
  });
  const draft = useWatch({ control: form.control }) as OnboardingDraft;
  const issues = issuesOfErrors(form.formState.errors);
  const [fields, setFields] = useState<readonly string[]>([]);

  const check = async (stepFields: readonly string[]) => {
    setFields(stepFields);
    return form.trigger(stepFields as Path<OnboardingDraft>[]);
  };

  const change = (next: OnboardingDraft) => {
    for (const key of Object.keys(next) as (keyof OnboardingDraft)[])
      if (next[key] !== draft[key]) form.setValue(key, next[key]);
    if (issues.length === 0) return;
    const shown = new Set(issues.map((i) => i.path));
    const remaining = draftIssues(next, [...fields]).filter((i) => shown.has(i.path));
    form.clearErrors();
    for (const path of new Set(remaining.map((i) => i.path))) {
      const messages = remaining.filter((i) => i.path === path).map(issueMessage);
      form.setError(path as Path<OnboardingDraft>, {
        type: 'custom',
        message: messages[0],
        types: { custom: messages },
      });
    }
  };

  /** Hides the problems shown (going to another step). */
  const clear = () => form.clearErrors();
  return { form, draft, issues, check, change, clear };
}

import {
  DEFAULT_TEAM_LABEL,
  defaultWeek,
  onboardingRequestSchema,
  type Locale,
  type OnboardingRequest,
  type WeekSchedule,
} from '@accueil/domain';
import { z } from 'zod';

/** One user of the wizard (the first is the organisation's administrator). */
export type DraftUser = OnboardingRequest['users'][number];

/** What the wizard collects, step by step; sent as it is to POST /api/onboarding. */
export type OnboardingDraft = {
  invitationCode: string;
  clinic: {
    name: Record<Locale, string>;
    locale: Locale;
    country: string;
    sector: string;
    services: string[];
    timeZone: string;
  };
  teams: { label: string }[];
  users: DraftUser[];
  schedule: WeekSchedule;
};

/** A usual time zone of each supported country (the wizard's default; any zone may be chosen). */
export const COUNTRY_TIME_ZONES: Record<string, string> = {
  CA: 'America/Toronto',
  US: 'America/New_York',
  FR: 'Europe/Paris',
  BE: 'Europe/Brussels',
  CH: 'Europe/Zurich',
  LU: 'Europe/Luxembourg',
  NL: 'Europe/Amsterdam',
  GB: 'Europe/London',
  ES: 'Europe/Madrid',
  AD: 'Europe/Andorra',
  MC: 'Europe/Monaco',
  IT: 'Europe/Rome',
};

/** An empty user of the given role, in every team given. */
export function emptyUser(role: DraftUser['role'], teams: string[]): DraftUser {
  return { firstName: '', lastName: '', username: '', email: '', password: '', role, teams };
}

/** The wizard's starting point: the spec's defaults (team "Principal", 09:00–17:00 Monday to Friday). */
export function newDraft(locale: Locale, invitationCode = ''): OnboardingDraft {
  const country = locale === 'fr-FR' ? 'FR' : 'CA';
  return {
    invitationCode,
    clinic: {
      name: { 'fr-CA': '', 'en-CA': '', 'fr-FR': '' },
      locale,
      country,
      sector: '',
      services: [],
      timeZone: COUNTRY_TIME_ZONES[country]!,
    },
    teams: [{ label: DEFAULT_TEAM_LABEL }],
    users: [emptyUser('admin', [DEFAULT_TEAM_LABEL])],
    schedule: defaultWeek(),
  };
}

/** The request body: names left empty are left out. */
export function requestOf(draft: OnboardingDraft): OnboardingRequest {
  const name = Object.fromEntries(
    Object.entries(draft.clinic.name).filter(([, v]) => v.trim() !== ''),
  ) as OnboardingRequest['clinic']['name'];
  return {
    ...draft,
    clinic: {
      ...draft.clinic,
      name,
      country: draft.clinic.country as OnboardingRequest['clinic']['country'],
    },
  };
}

/** A problem of the draft: where (dotted path) and its message id in the `onboarding` catalogue. */
export type DraftIssue = { path: string; messageId: string; values?: Record<string, string | number> };

const KNOWN = new Set([
  'required',
  'team-label-unique',
  'first-user-admin',
  'username-taken',
  'email-taken',
  'team-unknown',
  'team-needs-admin',
  'password-length',
  'lowercase',
  'uppercase',
  'digit',
  'special-character',
  'email-invalid',
  'username-invalid',
  'time-invalid',
  'time-zone-invalid',
  'schedule-start-after-end',
  'schedule-break-start-after-end',
  'schedule-break-outside-hours',
  'schedule-breaks-overlap',
]);

function messageOf(issue: z.core.$ZodIssue): Pick<DraftIssue, 'messageId' | 'values'> {
  if (KNOWN.has(issue.message)) return { messageId: `onboarding.issue.${issue.message}` };
  if (issue.code === 'too_small')
    return {
      messageId: issue.minimum === 1 ? 'onboarding.issue.required' : 'onboarding.issue.minLength',
      values: { min: Number(issue.minimum) },
    };
  if (issue.code === 'too_big')
    return { messageId: 'onboarding.issue.maxLength', values: { max: Number(issue.maximum) } };
  return { messageId: 'onboarding.issue.invalid' };
}

/**
 * Every problem of the draft under one of `prefixes` (a step's fields), checked with the same
 * schema the server applies; empty when the step may go on.
 */
export function draftIssues(draft: OnboardingDraft, prefixes: string[]): DraftIssue[] {
  const result = onboardingRequestSchema.safeParse(requestOf(draft));
  if (result.success) return [];
  return result.error.issues
    .map((issue) => ({ path: issue.path.join('.'), ...messageOf(issue) }))
    .filter(
      (i) =>
        prefixes.some((p) => i.path === p || i.path.startsWith(`${p}.`)) ||
        (i.messageId === 'onboarding.issue.team-needs-admin' && prefixes.includes('users')),
    );
}

/** The first issue exactly at `path`, for a field's error. */
export function issueAt(issues: DraftIssue[], path: string): DraftIssue | undefined {
  return issues.find((i) => i.path === path);
}

/** The draft's fields, as the wizard's steps check them. */
export const DRAFT_FIELDS = ['invitationCode', 'clinic', 'teams', 'users', 'schedule'] as const;

/**
 * A draft issue as a form error's message: its message id, then its values as a query string
 * (`onboarding.issue.minLength?min=8`), so that a react-hook-form error carries the whole issue.
 */
export function issueMessage(issue: DraftIssue): string {
  const values = Object.entries(issue.values ?? {}).map(([k, v]) => [k, String(v)]);
  return values.length ? `${issue.messageId}?${new URLSearchParams(values).toString()}` : issue.messageId;
}

/** The draft issue at `path` that {@link issueMessage} wrote as `message` (its values read as numbers). */
export function issueOfMessage(path: string, message: string): DraftIssue {
  const [messageId, query] = message.split('?');
  if (!query) return { path, messageId: messageId! };
  const values = Object.fromEntries([...new URLSearchParams(query)].map(([k, v]) => [k, Number(v)]));
  return { path, messageId: messageId!, values };
}

/**
 * The wizard's form schema: the draft judged by the server's onboarding schema (see
 * {@link draftIssues}), each problem on its path with {@link issueMessage}'s message.
 */
export const onboardingDraftSchema = z.custom<OnboardingDraft>().superRefine((draft, ctx) => {
  for (const issue of draftIssues(draft, [...DRAFT_FIELDS]))
    ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issueMessage(issue) });
});

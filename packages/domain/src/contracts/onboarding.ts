import { z } from 'zod';
import {
  DEFAULT_TEAM_LABEL,
  INVITATION_CODE_MAX_VALIDITY_DAYS,
  INVITATION_CODE_VALIDITY_DAYS,
  SUPPORTED_COUNTRIES,
} from '../constants';
import { isTimeZone } from '../schedules/period';
import { defaultWeek, weekScheduleSchema } from '../schedules/schedule';
import { newPasswordSchema } from '../validators/password';
import { localeSchema } from './auth';

/**
 * An invitation code as typed: letters and digits, hyphens and spaces ignored, case ignored.
 * Codes are made of `INVITATION_CODE_ALPHABET` (no 0/O, 1/I/L), 12 characters shown in groups of 4.
 */
export const INVITATION_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const INVITATION_CODE_LENGTH = 12;

/** The code as stored and compared: upper case, without separators. */
export function normalizeInvitationCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]+/g, '');
}

const invitationCodeInput = z.string().trim().min(1).max(40);

const label = z.string().trim().min(1).max(60);
const sameLabel = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The roles a new organisation's users may get: the first user is its administrator. */
export const ONBOARDING_ROLES = ['admin', 'user'] as const;

/**
 * POST /api/onboarding: creates an organisation from a valid invitation code, in one step.
 * - `clinic`: its name per locale (at least the organisation's own locale), country (one of the
 *   12 supported), sector and services, time zone (IANA), and locale;
 * - `teams`: its teams (labels unique, case ignored; the first is the main one, "Principal" by default);
 * - `users`: its users; the first is the administrator (role `admin`) and is signed in at the end;
 *   usernames and e-mails unique; each in at least one of the teams, named by label; every team
 *   has an administrator;
 * - `schedule`: the organisation's week of opening hours (docs/behaviour/schedules.md; 09:00–17:00
 *   Monday to Friday when left out).
 */
export const onboardingRequestSchema = z
  .strictObject({
    invitationCode: invitationCodeInput,
    clinic: z.strictObject({
      name: z.strictObject({
        'fr-CA': label.optional(),
        'en-CA': label.optional(),
        'fr-FR': label.optional(),
      }),
      locale: localeSchema.default('fr-CA'),
      country: z.enum(SUPPORTED_COUNTRIES),
      sector: z.string().trim().min(1).max(60),
      services: z.array(z.string().trim().min(1).max(60)).max(100).default([]),
      timeZone: z.string().refine(isTimeZone, 'time-zone-invalid'),
    }),
    teams: z
      .array(z.strictObject({ label }))
      .min(1)
      .max(20)
      .default([{ label: DEFAULT_TEAM_LABEL }]),
    users: z
      .array(
        z.strictObject({
          firstName: label,
          lastName: label,
          username: z
            .string()
            .trim()
            .min(3)
            .max(60)
            .regex(/^[A-Za-z0-9._@-]+$/, 'username-invalid'),
          email: z.email('email-invalid').max(200),
          password: newPasswordSchema,
          role: z.enum(ONBOARDING_ROLES),
          teams: z.array(label).min(1),
        }),
      )
      .min(1)
      .max(50),
    schedule: weekScheduleSchema.default(defaultWeek),
  })
  .superRefine((r, ctx) => {
    if (!r.clinic.name[r.clinic.locale])
      ctx.addIssue({ code: 'custom', message: 'required', path: ['clinic', 'name', r.clinic.locale] });
    r.teams.forEach((t, i) => {
      if (r.teams.findIndex((o) => sameLabel(o.label, t.label)) !== i)
        ctx.addIssue({ code: 'custom', message: 'team-label-unique', path: ['teams', i, 'label'] });
    });
    if (r.users[0]?.role !== 'admin')
      ctx.addIssue({ code: 'custom', message: 'first-user-admin', path: ['users', 0, 'role'] });
    r.users.forEach((u, i) => {
      if (r.users.findIndex((o) => o.username.toLowerCase() === u.username.toLowerCase()) !== i)
        ctx.addIssue({ code: 'custom', message: 'username-taken', path: ['users', i, 'username'] });
      if (r.users.findIndex((o) => o.email.toLowerCase() === u.email.toLowerCase()) !== i)
        ctx.addIssue({ code: 'custom', message: 'email-taken', path: ['users', i, 'email'] });
      u.teams.forEach((t, j) => {
        if (!r.teams.some((team) => sameLabel(team.label, t)))
          ctx.addIssue({ code: 'custom', message: 'team-unknown', path: ['users', i, 'teams', j] });
      });
    });
    r.teams.forEach((t, i) => {
      if (!r.users.some((u) => u.role === 'admin' && u.teams.some((l) => sameLabel(l, t.label)))) {
        ctx.addIssue({ code: 'custom', message: 'team-needs-admin', path: ['teams', i, 'label'] });
      }
    });
  });
export type OnboardingRequest = z.input<typeof onboardingRequestSchema>;
export type OnboardingInput = z.output<typeof onboardingRequestSchema>;

/** POST /api/onboarding/invitation-codes/check `{ code }`: whether the code would be accepted now. */
export const checkInvitationCodeRequestSchema = z.strictObject({ code: invitationCodeInput });
export type CheckInvitationCodeRequest = z.infer<typeof checkInvitationCodeRequestSchema>;
export const checkInvitationCodeResponseSchema = z.object({ valid: z.literal(true) });

/** An invitation code as devops see it (the code itself is shown once, when created). */
export const invitationCodeSchema = z.object({
  id: z.uuid(),
  label: z.string().nullable(),
  status: z.enum(['open', 'used', 'expired']),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  usedAt: z.iso.datetime().nullable(),
  createdBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  organization: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type InvitationCode = z.infer<typeof invitationCodeSchema>;

/** POST /api/devops/invitation-codes `{ label?, validDays? }` (1 to 90 days; 14 by default). */
export const createInvitationCodeRequestSchema = z.strictObject({
  label: z.string().trim().max(100).optional(),
  validDays: z
    .number()
    .int()
    .min(1)
    .max(INVITATION_CODE_MAX_VALIDITY_DAYS)
    .default(INVITATION_CODE_VALIDITY_DAYS),
});
/** The new code: its listing plus `code`, in clear this one time (only its hash is kept). */
export const createdInvitationCodeSchema = invitationCodeSchema.extend({ code: z.string() });
export type CreatedInvitationCode = z.infer<typeof createdInvitationCodeSchema>;
export const invitationCodeListSchema = z.object({ items: z.array(invitationCodeSchema) });

import { TEAM_INBOXES } from '@accueil/domain';
import { z } from 'zod';

/**
 * The team form's rules, each failure's message the id of its text: a label, an optional
 * e-mail (address pattern), an optional phone number typed as the user likes (digits, spaces,
 * dashes, parentheses; sent in E.164), a default inbox, auto-assign (on or off), and for a new team its members with an
 * administrator among them.
 */
export const teamFormSchema = z
  .object({
    label: z.string().trim().min(1, 'teamsUsers.form.required').max(100, 'teamsUsers.form.tooLong'),
    email: z.union([z.literal(''), z.email('teamsUsers.form.emailInvalid')]),
    phoneNumber: z.union([
      z.literal(''),
      z.string().regex(/^\+?[\d\s().-]{10,20}$/, 'teamsUsers.form.phoneInvalid'),
    ]),
    defaultInbox: z.enum(TEAM_INBOXES),
    /** Auto-assign (an existing team's setting; docs/behaviour/assignment.md). */
    autoAssign: z.boolean(),
    memberIds: z.array(z.string()),
    administratorId: z.string().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.memberIds.length > 0 && (!v.administratorId || !v.memberIds.includes(v.administratorId))) {
      ctx.addIssue({
        code: 'custom',
        path: ['administratorId'],
        message: 'teamsUsers.form.administratorRequired',
      });
    }
  });
export type TeamFormValues = z.infer<typeof teamFormSchema>;

/** A number typed in the form → E.164 (North American numbers may be typed without +1), or null when empty. */
export function toE164(typed: string): string | null {
  const digits = typed.replace(/\D/g, '');
  if (!digits) return null;
  if (typed.trim().startsWith('+')) return `+${digits}`;
  return digits.length === 10 ? `+1${digits}` : `+${digits}`;
}

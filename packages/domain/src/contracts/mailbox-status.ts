import { z } from 'zod';

/**
 * Whether a team's mailbox works, as every member of the team sees it (spec shell §2, the
 * e-mail-disconnected dialog; setup §3 team `emailProvider`, `valid`): `connected` false when
 * the team has no mailbox; `valid` false once the provider refused the sign-in (the team must
 * reconnect). `version`: the mailbox row's last change (ISO date; the epoch when there is no
 * row): a client drops an event not newer than what it has. Answered by
 * `GET /api/teams/:id/mailbox/status` and sent as `mailbox:updated` to the team's room.
 */
export const mailboxStatusSchema = z.object({
  teamId: z.uuid(),
  connected: z.boolean(),
  /** The mailbox's address (null when none is connected). */
  address: z.string().nullable(),
  // The vendors spelt here, not imported with the e-mail schemas (`EMAIL_PROVIDERS`, email.ts):
  // this shape is in the realtime table, which the inbox's first load carries.
  provider: z.enum(['imap', 'sandbox', 'gmail', 'outlook']).nullable(),
  valid: z.boolean(),
  version: z.iso.datetime(),
});
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;

import { z } from 'zod';
import { localeSchema } from './auth';

/**
 * Why a session was ended, when the user is told: `signed-in-elsewhere` (a newer sign-in of
 * the same user on another machine ended this one, when the organisation keeps one session
 * per user).
 */
export const SESSION_END_REASONS = ['signed-in-elsewhere'] as const;
export const sessionEndReasonSchema = z.enum(SESSION_END_REASONS);
export type SessionEndReason = z.infer<typeof sessionEndReasonSchema>;

/**
 * Restriction of sign-in by machine: `disabled` (any machine), `setup` (any machine, and each
 * machine that signs in is added to the allowlist), `enabled` (only allowlisted machines).
 * Administrators are never restricted.
 */
export const MACHINE_MODES = ['disabled', 'setup', 'enabled'] as const;
export const machineModeSchema = z.enum(MACHINE_MODES);
export type MachineMode = z.infer<typeof machineModeSchema>;

/** A machine of the organisation's allowlist. `current` is the machine asking. Dates are ISO 8601. */
export const allowedMachineSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  userAgent: z.string().nullable(),
  lastUserName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  current: z.boolean(),
});
export type AllowedMachine = z.infer<typeof allowedMachineSchema>;

/** GET /api/auth/machines: the mode and the allowlist, most recently seen first. */
export const machineListSchema = z.object({
  mode: machineModeSchema,
  machines: z.array(allowedMachineSchema),
});
export type MachineList = z.infer<typeof machineListSchema>;

/** PUT /api/auth/machines/mode. */
export const machineModeRequestSchema = z.strictObject({ mode: machineModeSchema });
/** PUT /api/auth/machines/:id: the administrator's name for the machine. */
export const renameMachineRequestSchema = z.strictObject({ name: z.string().trim().max(100) });
export const machineIdParamsSchema = z.object({ id: z.uuid() });

/**
 * A passkey of the signed-in user. `provider` is the authenticator's name from its AAGUID
 * (e.g. "Google Password Manager"), or null when unknown. Dates are ISO 8601.
 */
export const passkeySchema = z.object({
  id: z.uuid(),
  provider: z.string().nullable(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyIdParamsSchema = z.object({ id: z.uuid() });

/**
 * A WebAuthn challenge: `options` go to the browser's `navigator.credentials` (through
 * @simplewebauthn/browser), `nonce` comes back with its answer. Valid WEBAUTHN_CHALLENGE_TTL_MS, once.
 */
export const webauthnChallengeSchema = z.object({
  nonce: z.uuid(),
  options: z.record(z.string(), z.unknown()),
});
export type WebauthnChallenge = z.infer<typeof webauthnChallengeSchema>;

/** The browser's answer to a challenge (a WebAuthn JSON credential), with the challenge's nonce. */
export const webauthnAnswerSchema = z.strictObject({
  nonce: z.uuid(),
  response: z.record(z.string(), z.unknown()),
});
/** POST /api/auth/login/webauthn/verify: the answer, and the login page's language as in a password sign-in. */
export const webauthnLoginRequestSchema = webauthnAnswerSchema.extend({ locale: localeSchema.optional() });

import { z } from 'zod';
import { SCHEDULE_PERIODS } from '../schedules/schedule';
import { SIP_USERNAME_PATTERN } from '../validators/sip';

/**
 * The organisation's phone settings (docs/behaviour/calls.md, "Phones settings"): incoming calls,
 * the queue's message and pause, park slots, SIP domain and users, voicemail greetings per
 * period, transfer extensions. Web calls and the queue's switches stay in the organisation's
 * options (`options.twilio.webCallsEnabled`, `options.voiceQueue`).
 */

/** Longest queue message and TTS greeting (characters). */
export const QUEUE_MESSAGE_MAX_CHARS = 500;
export const GREETING_TEXT_MAX_CHARS = 1000;
/** Pause before the queue message repeats (whole seconds, bounds included); 30 by default. */
export const QUEUE_REPEAT_PAUSE_MIN_S = 5;
export const QUEUE_REPEAT_PAUSE_MAX_S = 300;
export const QUEUE_REPEAT_PAUSE_DEFAULT_S = 30;
/** Park slots an organisation may have (numbers 1…n); 3 by default. */
export const PARK_SLOTS_MAX = 20;
export const PARK_SLOTS_DEFAULT = 3;
/** Keys a caller waiting in the queue may press: 1 asks for a callback text, 0 leaves a voicemail. */
export const QUEUE_KEYS = { callbackText: '1', voicemail: '0' } as const;
/** Largest greeting audio file (bytes, 2 MB: the media limit). */
export const GREETING_AUDIO_MAX_BYTES = 2_000_000;
/** Audio types a greeting file may be, sniffed from the content (never the declared type). */
export const GREETING_AUDIO_TYPES = [
  'audio/mpeg',
  'audio/wav',
  'audio/ogg',
  'audio/webm',
  'audio/mp4',
] as const;
/** Longest transfer extension name and SIP display name (characters). */
export const TRANSFER_NAME_MAX_CHARS = 80;
/** Most transfer extensions and SIP users per organisation. */
export const TRANSFER_EXTENSIONS_MAX = 100;
export const SIP_USERS_MAX = 200;
/** A transfer extension's digits: 0 to 3 digits (empty: none). */
export const EXTENSION_PATTERN = /^\d{0,3}$/;
/** A SIP domain: host name labels (letters, digits, hyphens) with at least one dot ("clinique.sip.twilio.com"). */
export const SIP_DOMAIN_PATTERN =
  /^(?=.{4,253}$)(?:[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

/** Voicemail kinds: one greeting per schedule period. */
export const VOICEMAIL_KINDS = SCHEDULE_PERIODS;
export const voicemailKindSchema = z.enum(VOICEMAIL_KINDS);
export type VoicemailKind = z.infer<typeof voicemailKindSchema>;
/** Where a greeting's audio comes from: an uploaded file, text spoken by speech synthesis, a recording made in the browser. */
export const GREETING_SOURCES = ['FILE', 'TTS', 'RECORDING'] as const;
export const greetingSourceSchema = z.enum(GREETING_SOURCES);
export type GreetingSource = z.infer<typeof greetingSourceSchema>;

const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'max-length');

/** A team's own queue switch (`settings.voiceQueue.enabled`); a team without one follows the organisation's. */
export const teamQueueSettingSchema = z.object({ teamId: z.uuid(), enabled: z.boolean() });
export type TeamQueueSetting = z.infer<typeof teamQueueSettingSchema>;

/** `GET /api/phone-settings`: the settings of the signed-in user's organisation (defaults when never saved). */
export const phoneSettingsSchema = z.object({
  /** Calls to the teams' numbers are taken (off: the carrier rejects them). */
  incomingCallsEnabled: z.boolean(),
  /** What a caller waiting in the queue hears (null: the product's text), repeated after `queueRepeatPauseSeconds`. */
  queueMessage: z.string().nullable(),
  queueRepeatPauseSeconds: z.number().int(),
  parkSlots: z.number().int(),
  /** The SIP domain of the organisation's lines (null: none). */
  sipDomain: z.string().nullable(),
  teamQueues: z.array(teamQueueSettingSchema),
});
export type PhoneSettings = z.infer<typeof phoneSettingsSchema>;

/** The settings of an organisation that never saved any. */
export function defaultPhoneSettings(): PhoneSettings {
  return {
    incomingCallsEnabled: true,
    queueMessage: null,
    queueRepeatPauseSeconds: QUEUE_REPEAT_PAUSE_DEFAULT_S,
    parkSlots: PARK_SLOTS_DEFAULT,
    sipDomain: null,
    teamQueues: [],
  };
}

/**
 * `PUT /api/phone-settings` (administrators): any subset; empty text clears the message or the
 * domain. `teamQueues` names the teams whose switch changes; `enabled: null` makes a team follow
 * the organisation's again. Issues: `required`, `max-length`, `number-invalid`, `sip-domain-invalid`.
 */
export const updatePhoneSettingsRequestSchema = z
  .object({
    incomingCallsEnabled: z.boolean(),
    queueMessage: z.string().trim().max(QUEUE_MESSAGE_MAX_CHARS, 'max-length').nullable(),
    queueRepeatPauseSeconds: z
      .number('number-invalid')
      .int('number-invalid')
      .min(QUEUE_REPEAT_PAUSE_MIN_S, 'number-invalid')
      .max(QUEUE_REPEAT_PAUSE_MAX_S, 'number-invalid'),
    parkSlots: z
      .number('number-invalid')
      .int('number-invalid')
      .min(0, 'number-invalid')
      .max(PARK_SLOTS_MAX, 'number-invalid'),
    sipDomain: z
      .union([z.literal(''), z.string().trim().regex(SIP_DOMAIN_PATTERN, 'sip-domain-invalid')])
      .nullable(),
    teamQueues: z.array(z.object({ teamId: z.uuid(), enabled: z.boolean().nullable() })).max(200),
  })
  .partial()
  .strict();
export type UpdatePhoneSettingsRequest = z.infer<typeof updatePhoneSettingsRequestSchema>;

/**
 * A voicemail greeting: one per (organisation or team, kind). Disabled: the period has no
 * voicemail (the caller hears the greeting's text, then the call ends). `audio` is the stored
 * file's type, size and length (seconds, as the browser measured it; null when unknown).
 */
export const voicemailGreetingSchema = z.object({
  id: z.uuid(),
  teamId: z.uuid().nullable(),
  kind: voicemailKindSchema,
  enabled: z.boolean(),
  source: greetingSourceSchema,
  text: z.string().nullable(),
  audio: z
    .object({ mediaType: z.string(), bytes: z.number().int(), durationSeconds: z.number().nullable() })
    .nullable(),
  updatedAt: z.iso.datetime(),
});
export type VoicemailGreeting = z.infer<typeof voicemailGreetingSchema>;

/**
 * `PUT /api/voicemail-greetings` (administrators): one greeting's switch and source. TTS needs
 * `text`; FILE and RECORDING need audio uploaded first (`POST …/audio`), else `required` at
 * `text` or `audio`.
 */
export const putVoicemailGreetingRequestSchema = z.strictObject({
  teamId: z.uuid().nullable(),
  kind: voicemailKindSchema,
  enabled: z.boolean(),
  source: greetingSourceSchema,
  text: z.string().trim().max(GREETING_TEXT_MAX_CHARS, 'max-length').nullable().optional(),
});
export type PutVoicemailGreetingRequest = z.infer<typeof putVoicemailGreetingRequestSchema>;

/** `POST /api/voicemail-greetings/audio/:kind?teamId=&source=&durationSeconds=`: whose greeting the multipart file (`audio`) is. */
export const greetingAudioParamsSchema = z.strictObject({ kind: voicemailKindSchema });
export const greetingAudioQuerySchema = z.strictObject({
  teamId: z.uuid().optional(),
  source: z.enum(['FILE', 'RECORDING']),
  durationSeconds: z.coerce.number().min(0).max(3600).optional(),
});

/** `POST /api/voicemail-greetings/preview`: the text to speak, in `locale` (the organisation's by default). */
export const greetingPreviewRequestSchema = z.strictObject({
  text: requiredText(GREETING_TEXT_MAX_CHARS),
  locale: z.enum(['fr-CA', 'en-CA', 'fr-FR']).optional(),
});

/** A transfer extension: a number calls can be transferred to, with up to 3 digits dialled after it answers. */
export const transferExtensionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** E.164. */
  phoneNumber: z.string(),
  /** 1 to 3 digits, or null for none. */
  extension: z.string().nullable(),
});
export type TransferExtension = z.infer<typeof transferExtensionSchema>;

/**
 * `POST /api/transfer-extension` and `PUT /api/transfer-extension/:id`: name (required), phone
 * number (read in the organisation's country, stored in E.164; else `phone-invalid`), extension
 * (0 to 3 digits; else `extension-invalid`).
 */
export const transferExtensionRequestSchema = z.strictObject({
  name: requiredText(TRANSFER_NAME_MAX_CHARS),
  phoneNumber: z.string().trim().min(1, 'required').max(30, 'phone-invalid'),
  extension: z.string().trim().regex(EXTENSION_PATTERN, 'extension-invalid').nullable().optional(),
});
export type TransferExtensionRequest = z.infer<typeof transferExtensionRequestSchema>;

/** A SIP user of the organisation: a user name (E.164 or letters, digits, `.`, `_`, `-`) and the name shown for it. */
export const sipUserSchema = z.object({
  id: z.uuid(),
  username: z.string(),
  displayName: z.string().nullable(),
});
export type SipUser = z.infer<typeof sipUserSchema>;

/** `POST /api/sip-users`: `username` must follow the SIP user name rule (`sip-username-invalid`) and be unused (409 `sip-line-taken`). */
export const sipUserRequestSchema = z.strictObject({
  username: z.string().trim().regex(SIP_USERNAME_PATTERN, 'sip-username-invalid'),
  displayName: z.string().trim().max(TRANSFER_NAME_MAX_CHARS, 'max-length').nullable().optional(),
});
export type SipUserRequest = z.infer<typeof sipUserRequestSchema>;

/** `:id` of a transfer extension, SIP user or greeting. */
export const phoneRowIdParamsSchema = z.strictObject({ id: z.uuid() });

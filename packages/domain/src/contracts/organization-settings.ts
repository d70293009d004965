import { z } from 'zod';
import { SUPPORTED_COUNTRIES, SUPPORTED_LOCALES } from '../constants';
import { scheduleSchema } from '../schedules/schedule';
import { isTimeZone } from '../schedules/period';

/**
 * An organisation's settings (docs/behaviour/organization-settings.md): names per locale, logo,
 * country, sector, services, website, phone, e-mail, expertises, time zone, options, and the tier.
 */

/** An organisation's country: one of the supported countries (ISO 3166 alpha-2); else the issue `country-unsupported`. */
export const countrySchema = z.enum(SUPPORTED_COUNTRIES, 'country-unsupported');
export type Country = z.infer<typeof countrySchema>;

/** Sectors of activity; each has its catalogue of services (`GET /api/services?sector=`). Another value: the issue `sector-unknown`. */
export const SECTORS = [
  'dental',
  'medical',
  'physiotherapy',
  'optometry',
  'veterinary',
  'notary',
  'other',
] as const;
export const sectorSchema = z.enum(SECTORS, 'sector-unknown');
export type Sector = z.infer<typeof sectorSchema>;

/** Longest organisation name in one locale, website, e-mail, address, expertise (characters). */
export const ORGANIZATION_NAME_MAX_CHARS = 120;
export const WEBSITE_MAX_CHARS = 255;
export const ORGANIZATION_ADDRESS_MAX_CHARS = 255;
export const EXPERTISE_MAX_CHARS = 80;
/** Most expertises and services one organisation lists. */
export const EXPERTISES_MAX = 30;
export const SERVICES_MAX = 100;
/** Largest logo file accepted (bytes, 2 MB); it is stored resized to fit `LOGO_SIZE_PX` square. */
export const LOGO_MAX_BYTES = 2_000_000;
export const LOGO_SIZE_PX = 512;
/** Image types a logo may be, sniffed from the content (SVG is refused: it can carry scripts). */
export const LOGO_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/**
 * The URL rule: an optional http, https or ftp scheme, an optional `www.`, a domain of at least
 * two labels, then an optional path, query or fragment. "clinique.ca", "https://www.clinique.ca/fr".
 */
export const WEBSITE_PATTERN =
  /^(?:(?:https?|ftp):\/\/)?(?:www\.)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/** Text that must not be only whitespace (trimmed; empty → 'required'). */
const requiredText = (max: number) => z.string().trim().min(1, 'required').max(max, 'max-length');

/** The organisation's name in each interface locale; the default locale's is required. */
export const organizationNamesSchema = z.object({
  'fr-CA': requiredText(ORGANIZATION_NAME_MAX_CHARS),
  'en-CA': z.string().trim().max(ORGANIZATION_NAME_MAX_CHARS, 'max-length').optional(),
  'fr-FR': z.string().trim().max(ORGANIZATION_NAME_MAX_CHARS, 'max-length').optional(),
});
export type OrganizationNames = z.infer<typeof organizationNamesSchema>;

/** The organisation's options: telephony, call queue, sign-in limits, sessions. */
export const organizationOptionsSchema = z.object({
  twilio: z.object({
    /** The organisation has several phone numbers (one per team). */
    hasMultipleNumbers: z.boolean(),
    /** Staff place and receive calls in the browser. */
    webCallsEnabled: z.boolean(),
  }),
  voiceQueue: z.object({
    /** Incoming calls wait in a queue when nobody answers at once. */
    enabled: z.boolean(),
    /** Staff are notified of a call waiting in the queue. */
    notification: z.boolean(),
  }),
  auth: z.object({
    /** Users (not administrators) cannot sign in outside their team's work hours. */
    disallowLoginOutsideWorkHours: z.boolean(),
    /** Users (not administrators) cannot sign in from a machine that is not allowed. */
    disallowUserLoginOutsideOffice: z.boolean(),
  }),
  /** A new sign-in ends the user's older sessions. */
  endOlderSessionOnNewSignIn: z.boolean(),
});
export type OrganizationOptions = z.infer<typeof organizationOptionsSchema>;

/** The options of a new organisation. */
export function defaultOrganizationOptions(): OrganizationOptions {
  return {
    twilio: { hasMultipleNumbers: false, webCallsEnabled: true },
    voiceQueue: { enabled: false, notification: false },
    auth: { disallowLoginOutsideWorkHours: false, disallowUserLoginOutsideOffice: false },
    endOlderSessionOnNewSignIn: true,
  };
}

/** An IANA time zone the runtime knows ("America/Toronto"). */
export const timeZoneSchema = z.string().max(64).refine(isTimeZone, 'time-zone-invalid');

/** The organisation's settings, as `GET /api/organizations/:id` answers them. */
export const organizationSettingsSchema = z.object({
  id: z.uuid(),
  /** The name in the organisation's own locale (what lists and messages show). */
  name: z.string(),
  names: z.object({ 'fr-CA': z.string(), 'en-CA': z.string().optional(), 'fr-FR': z.string().optional() }),
  locale: z.enum(SUPPORTED_LOCALES),
  /** Where the logo is served (changes with each upload), or null without a logo. */
  logoUrl: z.string().nullable(),
  country: countrySchema,
  sector: sectorSchema.nullable(),
  /** Ids of services of the sector's catalogue. */
  services: z.array(z.string()),
  website: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  expertises: z.array(z.string()),
  timeZone: z.string(),
  options: organizationOptionsSchema,
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;

/**
 * `PUT /api/organizations`: any subset of the settings of the signed-in user's organisation;
 * an option group may be given in part (`{ options: { twilio: { webCallsEnabled: false } } }`).
 * Empty text clears a field. A phone is read in the organisation's country and stored in E.164.
 */
export const updateOrganizationRequestSchema = z
  .object({
    names: organizationNamesSchema,
    locale: z.enum(SUPPORTED_LOCALES),
    country: countrySchema,
    sector: sectorSchema.nullable(),
    services: z.array(z.string().min(1).max(64)).max(SERVICES_MAX),
    website: z
      .union([
        z.literal(''),
        z.string().trim().max(WEBSITE_MAX_CHARS, 'max-length').regex(WEBSITE_PATTERN, 'url-invalid'),
      ])
      .nullable(),
    phone: z.string().trim().max(30).nullable(),
    email: z.union([z.literal(''), z.email('email-invalid').max(254)]).nullable(),
    address: z.string().trim().max(ORGANIZATION_ADDRESS_MAX_CHARS, 'max-length').nullable(),
    expertises: z.array(requiredText(EXPERTISE_MAX_CHARS)).max(EXPERTISES_MAX),
    timeZone: timeZoneSchema,
    options: z
      .object({
        twilio: organizationOptionsSchema.shape.twilio.partial(),
        voiceQueue: organizationOptionsSchema.shape.voiceQueue.partial(),
        auth: organizationOptionsSchema.shape.auth.partial(),
        endOlderSessionOnNewSignIn: z.boolean(),
      })
      .partial()
      .strict(),
  })
  .partial()
  .strict();
export type UpdateOrganizationRequest = z.infer<typeof updateOrganizationRequestSchema>;

/** One service of a sector's catalogue, with its label in each interface locale. */
export const serviceSchema = z.object({
  id: z.string(),
  sector: sectorSchema,
  labels: z.object({ 'fr-CA': z.string(), 'en-CA': z.string(), 'fr-FR': z.string() }),
});
export type Service = z.infer<typeof serviceSchema>;
export const servicesQuerySchema = z.object({ sector: sectorSchema });

/**
 * Tier permission codes as stored and answered: 1 outgoing calls, 2 transfer to extensions,
 * 3 single team. Without tier data the defaults hold: outgoing calls allowed, transfer off,
 * several teams.
 */
export const TIER_PERMISSION_CODES = {
  1: 'outgoing-calls',
  2: 'extension-transfer',
  3: 'single-team',
} as const;

/** `GET /api/tiers/organization/:id`: the stored codes (null without tier data) and what they allow. */
export const organizationTierSchema = z.object({
  organizationId: z.uuid(),
  permissions: z.array(z.number().int()).nullable(),
  outgoingCalls: z.boolean(),
  extensionTransfer: z.boolean(),
  multipleTeams: z.boolean(),
});
export type OrganizationTier = z.infer<typeof organizationTierSchema>;

/** What a tier's permission codes allow; `null` (no tier data) gives the defaults. */
export function tierAllows(
  permissions: readonly number[] | null,
): Pick<OrganizationTier, 'outgoingCalls' | 'extensionTransfer' | 'multipleTeams'> {
  if (permissions === null) return { outgoingCalls: true, extensionTransfer: false, multipleTeams: true };
  return {
    outgoingCalls: permissions.includes(1),
    extensionTransfer: permissions.includes(2),
    multipleTeams: !permissions.includes(3),
  };
}

/** `:id` of an organisation or team. */
export const idParamsSchema = z.object({ id: z.uuid() });

/** `GET/PUT /api/organizations/:id/schedule`: the organisation's week and vacations. */
export const organizationScheduleSchema = scheduleSchema;

/**
 * `GET /api/teams/:id/schedule`: the team's own schedule (null: it follows the organisation's),
 * and the schedule it follows in effect (docs/behaviour/schedules.md "Teams").
 */
export const teamScheduleSchema = z.object({
  teamId: z.uuid(),
  schedule: scheduleSchema.nullable(),
  effective: scheduleSchema,
  timeZone: z.string(),
});
export type TeamSchedule = z.infer<typeof teamScheduleSchema>;
/** `PUT /api/teams/:id/schedule`: the team's own schedule, or null to follow the organisation's. */
export const updateTeamScheduleRequestSchema = z.object({ schedule: scheduleSchema.nullable() });

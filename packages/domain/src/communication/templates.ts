import { z } from 'zod';
import { SUPPORTED_LOCALES } from '../constants';
import { sectorSchema } from '../contracts/organization-settings';
import { COMMUNICATION_TOKEN_KEYS, type CommunicationTokenKey } from './tokens';

/**
 * What each token stands for, in each interface locale: the tokens endpoint answers it and the
 * editors show it (docs/behaviour/quick-messages.md, "Tokens").
 */
export const COMMUNICATION_TOKEN_DESCRIPTIONS: Record<
  CommunicationTokenKey,
  Record<(typeof SUPPORTED_LOCALES)[number], string>
> = {
  first_name: { 'fr-CA': 'Prénom du contact', 'en-CA': 'Contact’s first name', 'fr-FR': 'Prénom du contact' },
  last_name: {
    'fr-CA': 'Nom de famille du contact',
    'en-CA': 'Contact’s last name',
    'fr-FR': 'Nom du contact',
  },
  date: {
    'fr-CA': 'Date du jour de l’envoi (JJ / MM / AAAA)',
    'en-CA': 'Day the text is sent (DD / MM / YYYY)',
    'fr-FR': 'Date du jour de l’envoi (JJ / MM / AAAA)',
  },
  organization_name: {
    'fr-CA': 'Nom de l’organisation',
    'en-CA': 'Organization’s name',
    'fr-FR': 'Nom de l’établissement',
  },
};

const localizedSchema = z.object({ 'fr-CA': z.string(), 'en-CA': z.string(), 'fr-FR': z.string() });

/** A token as `GET /api/communication-templates/tokens` lists it: `{{key}}` as written in a text, and what it stands for in each locale. */
export const communicationTokenSchema = z.object({
  key: z.enum(COMMUNICATION_TOKEN_KEYS),
  /** The token as written in a text: `{{first_name}}`. */
  value: z.string(),
  description: localizedSchema,
});
export type CommunicationToken = z.infer<typeof communicationTokenSchema>;

/** `?sector=`: the tokens a sector's texts may hold (every sector has the same today); absent: the caller's organisation's. */
export const communicationTokensQuerySchema = z.strictObject({ sector: sectorSchema.optional() });

/** The kinds of communication template: texts (SMS) only for now. Another value: the issue `template-type-unknown`. */
export const COMMUNICATION_TEMPLATE_TYPES = ['sms'] as const;

/**
 * `GET /api/communication-templates?type=sms&userId=&locale=&sector=`: `userId` the user the
 * templates are for (a user of the caller's organisation; another answers 404); `locale` the
 * locale of the texts (default: the organisation's); `sector` a sector other than the
 * organisation's (marketing only; default: the organisation's, `other` when it has none).
 */
export const communicationTemplatesQuerySchema = z.strictObject({
  type: z.enum(COMMUNICATION_TEMPLATE_TYPES, 'template-type-unknown'),
  userId: z.uuid().optional(),
  locale: z.enum(SUPPORTED_LOCALES).optional(),
  sector: sectorSchema.optional(),
});
export type CommunicationTemplatesQuery = z.infer<typeof communicationTemplatesQuerySchema>;

/**
 * A communication template shipped with the product: a ready-made text of a sector (appointment
 * reminder, confirmation, missed call…) in one locale, with its tokens (`{{first_name}}`…), to
 * start a quick message from. `id` is stable across locales (`dental-appointment-reminder`).
 */
export const communicationTemplateSchema = z.object({
  id: z.string(),
  type: z.enum(COMMUNICATION_TEMPLATE_TYPES),
  sector: sectorSchema,
  locale: z.enum(SUPPORTED_LOCALES),
  title: z.string(),
  body: z.string(),
  /** The tokens the body holds, in order of appearance. */
  tokens: z.array(z.enum(COMMUNICATION_TOKEN_KEYS)),
});
export type CommunicationTemplate = z.infer<typeof communicationTemplateSchema>;

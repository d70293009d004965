import {
  defaultOrganizationOptions,
  SECTORS,
  SUPPORTED_COUNTRIES,
  SUPPORTED_LOCALES,
  type Organization,
  type OrganizationSettings,
} from '@accueil/domain';
import type { organizations } from '../../db/schema/organizations';

type OrganizationRow = typeof organizations.$inferSelect;

/** Organisation row → API shape. */
export function presentOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, locale: row.locale, country: row.country, timeZone: row.timeZone };
}

/** Where an organisation's logo is served; `v` changes with each upload so caches fetch the new one. */
export function logoUrl(organizationId: string, updatedAt: Date): string {
  return `/logos/${organizationId}?v=${updatedAt.getTime()}`;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * Organisation row → its settings. A row written before the settings existed reads with the
 * defaults: its `name` as the default locale's name, the default options. Options are merged
 * over the defaults so that an option added later reads with its default.
 */
export function presentOrganizationSettings(row: OrganizationRow): OrganizationSettings {
  const defaults = defaultOrganizationOptions();
  const options = row.options ?? defaults;
  return {
    id: row.id,
    name: row.name,
    names: row.names ?? { 'fr-CA': row.name },
    locale: oneOf(SUPPORTED_LOCALES, row.locale, 'fr-CA'),
    logoUrl: row.logoUpdatedAt ? logoUrl(row.id, row.logoUpdatedAt) : null,
    country: oneOf(SUPPORTED_COUNTRIES, row.country, 'CA'),
    sector: row.sector === null ? null : oneOf(SECTORS, row.sector, 'other'),
    services: row.services,
    website: row.website,
    phone: row.phone,
    email: row.email,
    address: row.address,
    expertises: row.expertises,
    timeZone: row.timeZone,
    options: {
      twilio: { ...defaults.twilio, ...options.twilio },
      voiceQueue: { ...defaults.voiceQueue, ...options.voiceQueue },
      auth: { ...defaults.auth, ...options.auth },
      endOlderSessionOnNewSignIn: options.endOlderSessionOnNewSignIn ?? defaults.endOlderSessionOnNewSignIn,
    },
  };
}

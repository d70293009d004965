import {
  EXPERTISE_MAX_CHARS,
  ORGANIZATION_ADDRESS_MAX_CHARS,
  ORGANIZATION_NAME_MAX_CHARS,
  WEBSITE_MAX_CHARS,
  formatPhoneDisplay,
  type OrganizationOptions,
  type OrganizationSettings,
  type UpdateOrganizationRequest,
} from '@accueil/domain';

/** Issue codes with a text of their own in the `organization-settings` catalogue. */
export const KNOWN_ISSUES = [
  'required',
  'max-length',
  'url-invalid',
  'email-invalid',
  'phone-invalid',
  'time-zone-invalid',
  'country-unsupported',
  'sector-unknown',
  'service-not-in-sector',
];

/** What the form edits: every setting an administrator changes here. */
export type Draft = Required<
  Pick<
    UpdateOrganizationRequest,
    | 'names'
    | 'locale'
    | 'country'
    | 'sector'
    | 'services'
    | 'website'
    | 'phone'
    | 'email'
    | 'address'
    | 'expertises'
    | 'timeZone'
  >
> & {
  options: OrganizationOptions;
};

/** The form's starting values from the saved settings (absent texts as empty strings, the phone as displayed). */
export function draftOf(s: OrganizationSettings): Draft {
  return {
    names: { 'fr-CA': s.names['fr-CA'], 'en-CA': s.names['en-CA'] ?? '', 'fr-FR': s.names['fr-FR'] ?? '' },
    locale: s.locale,
    country: s.country,
    sector: s.sector,
    services: s.services,
    website: s.website ?? '',
    phone: s.phone ? formatPhoneDisplay(s.phone) : '',
    email: s.email ?? '',
    address: s.address ?? '',
    expertises: s.expertises,
    timeZone: s.timeZone,
    options: s.options,
  };
}

/** Every IANA zone the browser knows (the server checks the name again). */
export function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

/**
 * The most characters a field of the form accepts (the domain's limits), by the issue's dotted
 * path (`names.fr-CA`, `website`, `expertises.3`), so that "too long" says how long it may be;
 * undefined for a path without a text limit.
 */
export function maxCharsOf(path: string): number | undefined {
  if (path.startsWith('names.')) return ORGANIZATION_NAME_MAX_CHARS;
  if (path.startsWith('expertises.')) return EXPERTISE_MAX_CHARS;
  if (path === 'website') return WEBSITE_MAX_CHARS;
  if (path === 'address') return ORGANIZATION_ADDRESS_MAX_CHARS;
  return undefined;
}

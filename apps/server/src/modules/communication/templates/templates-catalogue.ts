import { tokensIn, type CommunicationTemplate, type ContentLocale, type Sector } from '@accueil/domain';
import { COMMON_TEMPLATES } from './common-templates';
import { SECTOR_TEMPLATES } from './sector-templates';

/**
 * The SMS templates shipped with the product for a sector, in one locale: the common ones
 * (reminder, confirmation, missed call…) then the sector's own, in the catalogue's order.
 */
export function templatesOfSector(sector: Sector, locale: ContentLocale): CommunicationTemplate[] {
  return [...COMMON_TEMPLATES, ...SECTOR_TEMPLATES[sector]].map((t) => ({
    id: t.id,
    type: 'sms',
    sector,
    locale,
    title: t.title[locale],
    body: t.body[locale],
    tokens: tokensIn(t.body[locale]),
  }));
}

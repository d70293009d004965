import type { Locale } from '@accueil/domain';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

/** The sectors a clinic chooses from (their services come from the catalogue shipped with the product). */
export const SECTOR_IDS = [
  'dental',
  'medical',
  'physiotherapy',
  'optometry',
  'veterinary',
  'notary',
  'other',
] as const;

type CatalogueService = { id: string; labels: Record<Locale, string> };

/**
 * The services of `sector` for a select, labelled in `locale`: GET /api/onboarding/services
 * (public, as the wizard is). Empty while loading, without a sector, or when it fails.
 */
export function useServices(sector: string, locale: Locale): { value: string; label: string }[] {
  const query = useQuery({
    queryKey: ['onboarding', 'services', sector],
    queryFn: ({ signal }) =>
      apiRequest<CatalogueService[]>('GET', 'onboarding/services', { query: { sector }, signal }),
    enabled: sector !== '',
    staleTime: Infinity,
    retry: false,
  });
  return (query.data ?? []).map((s) => ({ value: s.id, label: s.labels[locale] ?? s.id }));
}

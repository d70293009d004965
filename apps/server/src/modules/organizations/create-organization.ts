import type { Locale, Organization, WeekSchedule } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { organizations } from '../../db/schema/organizations';
import { presentOrganization } from './organizations.presenter';

/**
 * What a new organisation is created with (onboarding): `id` (chosen beforehand, so the
 * transaction can run in its scope), `name` per locale, at least its own `locale`'s.
 */
export type NewOrganization = {
  id: string;
  name: Partial<Record<Locale, string>>;
  locale: Locale;
  country: string;
  sector: string;
  services: string[];
  timeZone: string;
  /** The organisation's week of opening hours (no vacations yet). */
  schedule: WeekSchedule;
};

/**
 * Creates an organisation inside the caller's transaction (onboarding creates its teams, users
 * in the same one) and returns it as the API presents it. Its display name is the name of its
 * own locale; the settings' names per locale are the given ones (fr-CA, which the settings
 * require, falls back to the display name); sector, services and week are stored as the
 * settings screen then shows and edits them.
 */
export async function createOrganization(
  deps: Pick<AppDeps, 'db'>,
  tx: Tx,
  input: NewOrganization,
): Promise<Organization> {
  const name = input.name[input.locale] ?? Object.values(input.name)[0] ?? '';
  const [row] = await tx
    .insert(organizations)
    .values({
      id: input.id,
      name,
      names: { ...input.name, 'fr-CA': input.name['fr-CA'] ?? name },
      locale: input.locale,
      country: input.country,
      timeZone: input.timeZone,
      sector: input.sector,
      services: input.services,
      schedule: { week: input.schedule, vacations: [] },
    })
    .returning();
  return presentOrganization(row!);
}

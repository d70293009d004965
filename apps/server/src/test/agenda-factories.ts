import type { AvailabilityRange } from '@accueil/domain';
import { availabilityCategories, professionals } from '../db/schema/agenda';
import { authHeader, buildOrganization, buildUser, databaseOf, type InDatabase } from './factories';
import { accessTokenFor } from './signed-in';

/** Monday to Friday, 09:00-12:00 and 13:00-17:00. */
export const WEEKDAY_RANGES: AvailabilityRange[] = [1, 2, 3, 4, 5].flatMap((day) => [
  { day, start: '09:00', end: '12:00' },
  { day, start: '13:00', end: '17:00' },
]);

/**
 * A professional written straight to the table (Dr Julie Gagnon, dentist), of `organizationId`
 * or of a new organisation.
 */
export async function buildProfessional(input: { organizationId?: string } & InDatabase = {}) {
  const db = databaseOf(input);
  const organizationId = input.organizationId ?? (await buildOrganization({ db })).id;
  const [row] = await db
    .insert(professionals)
    .values({
      organizationId,
      firstName: 'Julie',
      lastName: 'Gagnon',
      profession: 'Dentist',
      expertise: 'Orthodontics',
      yearsOfExperience: 12,
      languages: ['fr', 'en'],
    })
    .returning();
  return row!;
}

/** An availability category of the professional (`WEEKDAY_RANGES` unless `ranges` is given). */
export async function buildCategory(
  input: {
    organizationId: string;
    professionalId: string;
    ranges?: AvailabilityRange[];
    label?: string;
  } & InDatabase,
) {
  const [row] = await databaseOf(input)
    .insert(availabilityCategories)
    .values({
      organizationId: input.organizationId,
      professionalId: input.professionalId,
      label: input.label ?? 'Cleaning',
      colour: '#1c7ed6',
      ranges: input.ranges ?? WEEKDAY_RANGES,
    })
    .returning();
  return row!;
}

/**
 * An organisation (America/Toronto) with a signed-in administrator and user, a professional
 * and one category of theirs open on weekdays (`WEEKDAY_RANGES`).
 */
export async function buildAgenda(app?: Parameters<typeof accessTokenFor>[1]) {
  const db = app?.deps.db;
  const org = await buildOrganization({ db, timeZone: 'America/Toronto' });
  const admin = await buildUser({ db, organizationId: org.id, role: 'admin' });
  const user = await buildUser({ db, organizationId: org.id });
  const professional = await buildProfessional({ db, organizationId: org.id });
  const category = await buildCategory({ db, organizationId: org.id, professionalId: professional.id });
  return {
    org,
    professional,
    category,
    adminHeaders: authHeader(await accessTokenFor(admin, app)),
    userHeaders: authHeader(await accessTokenFor(user, app)),
  };
}

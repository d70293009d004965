import type { AvailabilityRange } from '@accueil/domain';
import type { Tx } from './client';
import { availabilityCategories, professionals } from './schema/agenda';

const weekdays = (start: string, end: string): AvailabilityRange[] =>
  [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));

/**
 * The demo clinic's agenda: a dentist with an examinations category (mornings) and an
 * emergencies category (afternoons), and a hygienist with a cleanings category, all on
 * weekdays within the default opening hours (09:00-17:00). No appointment: the agenda starts empty.
 */
export async function seedDemoAgenda(tx: Tx, organizationId: string): Promise<void> {
  const [dentist, hygienist] = await tx
    .insert(professionals)
    .values([
      {
        organizationId,
        firstName: 'Julie',
        lastName: 'Gagnon',
        profession: 'Dentiste',
        expertise: 'Orthodontie',
        yearsOfExperience: 12,
        languages: ['fr', 'en'],
      },
      {
        organizationId,
        firstName: 'Marc',
        lastName: 'Roy',
        profession: 'Hygiéniste dentaire',
        expertise: 'Parodontie',
        yearsOfExperience: 6,
        languages: ['fr'],
      },
    ])
    .returning();
  await tx.insert(availabilityCategories).values([
    {
      organizationId,
      professionalId: dentist!.id,
      label: 'Examens',
      colour: '#1c7ed6',
      ranges: weekdays('09:00', '12:00'),
    },
    {
      organizationId,
      professionalId: dentist!.id,
      label: 'Urgences',
      colour: '#c2255c',
      ranges: weekdays('13:00', '16:00'),
    },
    {
      organizationId,
      professionalId: hygienist!.id,
      label: 'Nettoyages',
      colour: '#2f9e44',
      ranges: [...weekdays('09:00', '12:00'), ...weekdays('13:00', '17:00')],
    },
  ]);
}

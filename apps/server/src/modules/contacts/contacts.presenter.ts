import type { Contact } from '@accueil/domain';
import type { contacts } from '../../db/schema/contacts';

/** A row of the contacts table. */
export type ContactRow = typeof contacts.$inferSelect;

/**
 * Contact row → API `Contact`. `fullname` is first + last name, trimmed (either may be empty).
 */
export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullname: `${row.firstName} ${row.lastName}`.trim(),
    phone: row.phone,
    email: row.email,
    business: row.business,
    businessName: row.businessName,
  };
}

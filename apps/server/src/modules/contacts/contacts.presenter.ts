import type {
  Contact,
  ContactDetails,
  ContactGender,
  ContactImport,
  ContactImportStatus,
  ContactLanguage,
  ContactRelation,
  LinkedContact,
  PhoneLineType,
} from '@accueil/domain';
import type { contactImports, contacts } from '../../db/schema/contacts';

/** A row of the contacts table. */
export type ContactRow = typeof contacts.$inferSelect;
/** A row of the contact imports table. */
export type ContactImportRow = typeof contactImports.$inferSelect;

/** First + last name, trimmed (either may be empty). */
export function fullnameOf(row: Pick<ContactRow, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

/** Contact row → API `Contact` (the short form a conversation carries). */
export function presentContact(row: ContactRow): Contact {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullname: fullnameOf(row),
    phone: row.phone,
    email: row.email,
    business: row.business,
    businessName: row.businessName,
  };
}

/** Contact row → API `ContactDetails`, with the contacts linked to it (`linked`, may be empty). */
export function presentContactDetails(
  row: ContactRow,
  linked: readonly LinkedContact[] = [],
): ContactDetails {
  return {
    ...presentContact(row),
    birthday: row.birthday,
    address: row.address,
    city: row.city,
    postalCode: row.postalCode,
    language: row.language as ContactLanguage | null,
    gender: row.gender as ContactGender,
    note: row.note,
    contactSince: row.contactSince,
    phoneLineType: row.phoneLineType as PhoneLineType | null,
    linkedToId: row.linkedToId,
    relation: row.relation as ContactRelation | null,
    linkedContacts: [...linked],
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Import row → API `ContactImport` (the file itself never leaves the server); `skippedReasons`
 * as counted by the caller (none by default: only `GET /api/contacts/imports/:id` counts them).
 */
export function presentContactImport(
  row: ContactImportRow,
  skippedReasons: ContactImport['skippedReasons'] = [],
): ContactImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status as ContactImportStatus,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    importedCount: row.importedCount,
    skippedCount: row.skippedCount,
    error: row.error,
    skippedReasons,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
  };
}

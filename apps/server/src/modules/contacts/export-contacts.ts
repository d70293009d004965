import { formatPhoneDisplay } from '@accueil/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { recordAuditEvent } from '../audit/index';
import { authorizeContacts } from './contacts.policy';
import type { ContactRow } from './contacts.presenter';
import { csvLine } from './csv-cells';

/** The header of the export: the import's 11 columns in their order, so an export imports back. */
export const EXPORT_HEADER = [
  'First name',
  'Last name',
  'Phone',
  'E-mail',
  'Birthday',
  'Address',
  'City',
  'Postal code',
  'Language',
  'Gender',
  'Note',
] as const;

/** Rows read per query while exporting (keyset pages: memory stays bounded by the page, not the book). */
const EXPORT_PAGE_ROWS = 5000;

/**
 * GET /api/contacts/export: every contact of the organisation as CSV (UTF-8 with a BOM, for
 * spreadsheet programs; the import's 11 columns under a header), by last then first name.
 * Phones in their display form ((514) 555-1234); every cell escaped against formula
 * injection (`csvCell`). Read in one transaction with its audit event `contacts.exported`
 * (details: the number of contacts), so an export is never answered unrecorded.
 * @throws AppError 'forbidden'.
 */
export async function exportContacts(deps: Pick<AppDeps, 'db'>, ctx: RequestContext): Promise<string> {
  authorizeContacts(ctx);
  return deps.db.transaction(async (tx) => {
    const parts: string[] = ['\uFEFF', csvLine(EXPORT_HEADER)];
    let after: { k: string; id: string } | null = null;
    let exported = 0;
    for (;;) {
      const rows: ContactRow[] = await tx
        .select()
        .from(contacts)
        .where(
          and(
            eq(contacts.organizationId, ctx.organizationId),
            after ? sql`(${contacts.sortKey}, ${contacts.id}) > (${after.k}, ${after.id})` : sql`true`,
          ),
        )
        .orderBy(asc(contacts.sortKey), asc(contacts.id))
        .limit(EXPORT_PAGE_ROWS);
      for (const r of rows) {
        parts.push(
          csvLine([
            r.firstName,
            r.lastName,
            formatPhoneDisplay(r.phone),
            r.email,
            r.birthday,
            r.address,
            r.city,
            r.postalCode,
            r.language,
            r.gender,
            r.note,
          ]),
        );
      }
      exported += rows.length;
      if (rows.length < EXPORT_PAGE_ROWS) break;
      const last: ContactRow = rows.at(-1)!;
      after = { k: last.sortKey ?? '', id: last.id };
    }
    // Written directly, not as a domain event: a read changes nothing, and nothing but the audit
    // reacts to it (docs/behaviour/events.md).
    await recordAuditEvent(tx, {
      organizationId: ctx.organizationId,
      actor: { userId: ctx.userId },
      action: 'contacts.exported',
      details: { contacts: exported },
    });
    return parts.join('');
  });
}

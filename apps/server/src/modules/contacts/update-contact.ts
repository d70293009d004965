import type { ContactDetails, ContactInputParsed } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { linkContactToConversations } from '../conversations/index';
import { getOrganizationCountry } from '../organizations/index';
import { authorizeContacts } from './contacts.policy';
import { loadContactDetails, requireContactRow } from './load-contact';
import { checkedContactFields, isPhoneTakenViolation, lookUpLineType, phoneTaken } from './save-contact';

/**
 * PUT /api/contacts/:id: replaces the contact's fields, by the rules of creation. A main
 * contact's new phone goes to the contacts linked to it too (they share it). The line type is
 * looked up again when the phone changes, and conversations of the new phone without a
 * contact get this one.
 * @throws AppError 'not-found' (missing or another organisation's), the 400s of `createContact`, 'forbidden'.
 */
export async function updateContact(
  deps: Pick<AppDeps, 'db' | 'messaging' | 'log' | 'realtime'>,
  ctx: RequestContext,
  input: { id: string; changes: ContactInputParsed },
): Promise<ContactDetails> {
  authorizeContacts(ctx);
  const current = await requireContactRow(deps.db, ctx.organizationId, input.id);
  const country = (await getOrganizationCountry(deps, ctx.organizationId)) as CountryCode;
  const fields = await checkedContactFields(deps.db, ctx.organizationId, country, input.changes, current.id);
  const phoneChanged = fields.phone !== current.phone;
  const phoneLineType = phoneChanged ? await lookUpLineType(deps, fields.phone) : current.phoneLineType;
  try {
    await deps.db.transaction(async (tx) => {
      const scope = and(eq(contacts.organizationId, ctx.organizationId), eq(contacts.id, current.id));
      await tx
        .update(contacts)
        .set({ ...fields, phoneLineType, updatedAt: new Date() })
        .where(scope);
      if (phoneChanged && !fields.linkedToId) {
        await tx
          .update(contacts)
          .set({ phone: fields.phone, phoneLineType, updatedAt: new Date() })
          .where(and(eq(contacts.organizationId, ctx.organizationId), eq(contacts.linkedToId, current.id)));
      }
    });
  } catch (err) {
    if (isPhoneTakenViolation(err)) throw phoneTaken();
    throw err;
  }
  if (phoneChanged && fields.phone && !fields.linkedToId)
    await linkContactToConversations(deps, ctx.organizationId, fields.phone, current.id);
  return loadContactDetails(deps.db, ctx.organizationId, current.id);
}

import type { ContactDetails, ContactInputParsed } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import { contacts } from '../../db/schema/contacts';
import type { RequestContext } from '../../http/request-context';
import { linkContactToConversations } from '../conversations/index';
import { getOrganizationCountry } from '../organizations/index';
import { authorizeContacts } from './contacts.policy';
import { loadContactDetails } from './load-contact';
import { checkedContactFields, isPhoneTakenViolation, lookUpLineType, phoneTaken } from './save-contact';

/** Today as YYYY-MM-DD (UTC): a new contact's default contact-since date. */
export function todayIso(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * POST /api/contacts: creates a contact (docs/behaviour/contacts.md), or a contact linked to
 * another (`linkedToId`, `relation`: it shares that contact's phone). Its phone's line type is
 * looked up at the messaging carrier when it has a look-up. `contactSince` defaults to today.
 * The organisation's conversations with its phone and no contact get it (an unknown number
 * becomes this contact in the inbox).
 * @throws AppError 'contact-name-required', 'phone-invalid', 'email-invalid', 'contact-phone-exists' (400), 'not-found' (linked-to contact), 'forbidden'.
 */
export async function createContact(
  deps: Pick<AppDeps, 'db' | 'messaging' | 'log' | 'realtime'>,
  ctx: RequestContext,
  input: ContactInputParsed,
): Promise<ContactDetails> {
  authorizeContacts(ctx);
  const country = (await getOrganizationCountry(deps, ctx.organizationId)) as CountryCode;
  const fields = await checkedContactFields(deps.db, ctx.organizationId, country, input, null);
  const phoneLineType = await lookUpLineType(deps, fields.phone);
  try {
    const [row] = await deps.db
      .insert(contacts)
      .values({
        ...fields,
        contactSince: fields.contactSince ?? todayIso(),
        phoneLineType,
        organizationId: ctx.organizationId,
      })
      .returning({ id: contacts.id });
    if (fields.phone && !fields.linkedToId)
      await linkContactToConversations(deps, ctx.organizationId, fields.phone, row!.id);
    return await loadContactDetails(deps.db, ctx.organizationId, row!.id);
  } catch (err) {
    // Another request saved the same phone between the check and the insert.
    if (isPhoneTakenViolation(err)) throw phoneTaken();
    throw err;
  }
}

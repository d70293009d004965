import { AppError, normalizeOutboundPhone, type AppointmentInput } from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../http/request-context';
import { findContactByPhone, getContact, insertContact } from '../contacts/index';
import { getOrganizationCountry } from '../organizations/index';
import { agendaNotFound } from './agenda.policy';

/**
 * The contact an appointment is linked to, and its phone as stored (E.164): the contact
 * `contactId` names; else the organisation's contact with that phone number; else a new
 * contact made from the patient's names, phone and e-mail.
 * @throws AppError 'not-found' when `contactId` is not the organisation's; 'phone-invalid'.
 */
export async function resolveAppointmentContact(
  deps: Pick<AppDeps, 'db'>,
  tx: DbOrTx,
  ctx: RequestContext,
  input: Pick<AppointmentInput, 'contactId' | 'firstName' | 'lastName' | 'phone' | 'email'>,
): Promise<{ contactId: string; phone: string | null }> {
  const typed = input.phone?.trim() || null;
  let phone: string | null = null;
  if (typed) {
    const country = (await getOrganizationCountry(deps, ctx.organizationId, tx)) as CountryCode;
    phone = normalizeOutboundPhone(typed, country);
    if (!phone) throw new AppError('phone-invalid', `Invalid phone number: ${typed}`);
  }
  if (input.contactId) {
    const contact = await getContact(tx, ctx.organizationId, input.contactId);
    if (!contact) throw agendaNotFound('Contact');
    return { contactId: contact.id, phone };
  }
  const existing = phone ? await findContactByPhone(tx, ctx.organizationId, phone) : null;
  if (existing) return { contactId: existing.id, phone };
  const created = await insertContact(tx, ctx.organizationId, {
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    phone,
    email: input.email ?? null,
  });
  return { contactId: created.id, phone };
}

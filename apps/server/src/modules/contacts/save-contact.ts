import { AppError, type ContactInputParsed, type PhoneLineType } from '@accueil/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { CountryCode } from 'libphonenumber-js';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { contacts } from '../../db/schema/contacts';
import { contactFieldsOf, type ContactFields } from './contact-fields';
import { requireContactRow } from './load-contact';

/** 'A contact with this phone number already exists.' (400 `contact-phone-exists`). */
export function phoneTaken(): AppError {
  return new AppError('contact-phone-exists', 'A contact with this phone number already exists.');
}

/** True when `err` (or its cause: Drizzle wraps driver errors) is the unique violation of a main contact's phone. */
export function isPhoneTakenViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'contacts_org_main_phone_uq') return true;
  }
  return false;
}

/**
 * The form's input → the fields to store, checked against the organisation's other contacts:
 * a linked contact takes the phone of its main contact (a contact of the organisation that is
 * itself linked hands over its own main contact); a main contact's phone must not be another
 * main contact's (`self` is the contact being edited, excluded).
 * @throws AppError 'contact-name-required', 'phone-invalid', 'email-invalid', 'contact-phone-exists' (400), 'not-found' (the main contact).
 */
export async function checkedContactFields(
  tx: DbOrTx,
  organizationId: string,
  country: CountryCode,
  input: ContactInputParsed,
  self: string | null,
): Promise<ContactFields> {
  const checked = contactFieldsOf(input, country);
  if (!checked.ok) throw new AppError(checked.problem, problemMessage[checked.problem]);
  const fields = checked.fields;
  if (fields.linkedToId) {
    let main = await requireContactRow(tx, organizationId, fields.linkedToId);
    if (main.linkedToId) main = await requireContactRow(tx, organizationId, main.linkedToId);
    if (main.id === self) throw new AppError('validation-failed', 'A contact cannot be linked to itself');
    return { ...fields, linkedToId: main.id, phone: main.phone };
  }
  if (fields.phone) {
    const [other] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(
        and(
          eq(contacts.organizationId, organizationId),
          eq(contacts.phone, fields.phone),
          isNull(contacts.linkedToId),
          self ? ne(contacts.id, self) : sql`true`,
        ),
      )
      .limit(1);
    if (other) throw phoneTaken();
  }
  return fields;
}

const problemMessage = {
  'contact-name-required': 'The first and last names must not be empty',
  'phone-invalid': 'Invalid phone number',
  'email-invalid': 'Invalid e-mail',
} as const;

/**
 * The line type of `phone` from the messaging carrier's look-up, or null when it has none, the
 * phone is null, or the look-up fails (logged: a contact is saved without it).
 */
export async function lookUpLineType(
  deps: Pick<AppDeps, 'messaging' | 'log'>,
  phone: string | null,
): Promise<PhoneLineType | null> {
  if (!phone || !deps.messaging.lookupLineType) return null;
  try {
    return await deps.messaging.lookupLineType(phone);
  } catch (err) {
    deps.log.warn({ err }, 'phone line type look-up failed');
    return null;
  }
}

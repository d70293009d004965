import {
  CONTACT_FIELD_MAX_CHARS,
  CONTACT_RELATIONS,
  CONTACT_NOTE_MAX_CHARS,
  isAcceptablePhone,
  type ContactDetails,
  type ContactInput,
} from '@accueil/domain';
import type { CountryCode } from 'libphonenumber-js';
import { z } from 'zod';

const EMAIL = z.email();
const name = z
  .string()
  .trim()
  .min(1, { message: 'contacts.form.error.name-required' })
  .max(CONTACT_FIELD_MAX_CHARS, { message: 'contacts.form.error.too-long' });
const text = (max: number) => z.string().max(max, { message: 'contacts.form.error.too-long' });

/** A linked contact added from a contact's dialog: names not blank, and their relation. */
export const linkedContactSchema = z.object({
  firstName: name,
  lastName: name,
  relation: z.enum(CONTACT_RELATIONS),
});
export type LinkedContactValues = z.infer<typeof linkedContactSchema>;

/**
 * The contact form, as the server's rules (docs/behaviour/contacts.md): first and last names
 * not blank, a phone valid in the organisation's country (or blank), a standard e-mail (or
 * blank). Error messages are catalogue ids (`contacts.form.error.…`), as `useErrorText` reads them. The server checks again and
 * alone knows whether another contact has the phone.
 */
export function contactFormSchema(country: CountryCode) {
  return z.object({
    firstName: name,
    lastName: name,
    phone: z
      .string()
      .refine((v) => isAcceptablePhone(v.trim(), country), { message: 'contacts.form.error.phone-invalid' }),
    email: z.string().refine((v) => !v.trim() || EMAIL.safeParse(v.trim()).success, {
      message: 'contacts.form.error.email-invalid',
    }),
    birthday: z.string().nullable(),
    address: text(CONTACT_FIELD_MAX_CHARS),
    city: text(CONTACT_FIELD_MAX_CHARS),
    postalCode: text(20),
    language: z.enum(['', 'fr', 'en']),
    gender: z.enum(['male', 'female']),
    note: text(CONTACT_NOTE_MAX_CHARS),
    contactSince: z.string().nullable(),
  });
}

export type ContactFormValues = z.infer<ReturnType<typeof contactFormSchema>>;

/** The form's values for a contact (or a new one: gender male, everything else blank). */
export function formValuesOf(contact: ContactDetails | null): ContactFormValues {
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    birthday: contact?.birthday ?? null,
    address: contact?.address ?? '',
    city: contact?.city ?? '',
    postalCode: contact?.postalCode ?? '',
    language: contact?.language ?? '',
    gender: contact?.gender ?? 'male',
    note: contact?.note ?? '',
    contactSince: contact?.contactSince ?? null,
  };
}

/** The form's values → the API's input (blanks as null; a linked contact keeps its link). */
export function contactInputOf(
  values: ContactFormValues,
  link?: Pick<ContactDetails, 'linkedToId' | 'relation'> | null,
): ContactInput {
  const blank = (v: string) => (v.trim() === '' ? null : v.trim());
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    phone: link?.linkedToId ? null : blank(values.phone),
    email: blank(values.email),
    birthday: values.birthday || null,
    address: blank(values.address),
    city: blank(values.city),
    postalCode: blank(values.postalCode),
    language: values.language || null,
    gender: values.gender,
    note: blank(values.note),
    contactSince: values.contactSince || null,
    ...(link?.linkedToId ? { linkedToId: link.linkedToId, relation: link.relation } : {}),
  };
}

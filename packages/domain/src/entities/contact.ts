import { z } from 'zod';
import { CONTACT_FIELD_MAX_CHARS, CONTACT_NOTE_MAX_CHARS } from '../constants';

/** Contact (patient or client) as shown with a conversation. */
export const contactSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  business: z.boolean(),
  businessName: z.string().nullable(),
});
export type Contact = z.infer<typeof contactSchema>;

/** Relation of a linked contact to the contact whose phone number it shares. */
export const CONTACT_RELATIONS = [
  'boyfriend',
  'brother',
  'daughter',
  'father',
  'girlfriend',
  'husband',
  'mother',
  'none',
  'sister',
  'son',
  'wife',
] as const;
export const contactRelationSchema = z.enum(CONTACT_RELATIONS);
export type ContactRelation = z.infer<typeof contactRelationSchema>;

/** Gender of a contact; `male` by default. */
export const CONTACT_GENDERS = ['male', 'female'] as const;
export const contactGenderSchema = z.enum(CONTACT_GENDERS);
export type ContactGender = z.infer<typeof contactGenderSchema>;

/** Language a contact is written to in. */
export const CONTACT_LANGUAGES = ['fr', 'en'] as const;
export const contactLanguageSchema = z.enum(CONTACT_LANGUAGES);
export type ContactLanguage = z.infer<typeof contactLanguageSchema>;

/** Phone line types a carrier's look-up reports. */
export const PHONE_LINE_TYPES = [
  'landline',
  'mobile',
  'fixed-voip',
  'non-fixed-voip',
  'toll-free',
  'premium',
  'shared-cost',
  'universal-access',
  'pager',
  'personal',
] as const;
export const phoneLineTypeSchema = z.enum(PHONE_LINE_TYPES);
export type PhoneLineType = z.infer<typeof phoneLineTypeSchema>;

/** A calendar date as the API carries it: `YYYY-MM-DD` (shown DD / MM / YYYY). */
const isoDateSchema = z.iso.date();

/** A contact linked to another by their identical phone number, as listed on that contact. */
export const linkedContactSchema = z.object({
  id: z.uuid(),
  fullname: z.string(),
  relation: contactRelationSchema,
});
export type LinkedContact = z.infer<typeof linkedContactSchema>;

/**
 * A contact with every field of the contacts screen. `phone` is E.164 or null; `phoneLineType`
 * is what the carrier's look-up said of it (null when unknown or not looked up).
 * `linkedToId` and `relation` are set on a linked contact (whose phone is its main contact's);
 * `linkedContacts` lists, on a main contact, those linked to it.
 */
export const contactDetailsSchema = contactSchema.extend({
  birthday: isoDateSchema.nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  language: contactLanguageSchema.nullable(),
  gender: contactGenderSchema,
  note: z.string().nullable(),
  contactSince: isoDateSchema.nullable(),
  phoneLineType: phoneLineTypeSchema.nullable(),
  linkedToId: z.uuid().nullable(),
  relation: contactRelationSchema.nullable(),
  linkedContacts: z.array(linkedContactSchema),
  createdAt: z.iso.datetime(),
});
export type ContactDetails = z.infer<typeof contactDetailsSchema>;

const text = (max: number) => z.string().max(max);
const optionalText = (max: number) => text(max).nullable().optional();

/**
 * What the contact form sends (create and update). Blank optional fields may be null or '';
 * the server trims every text and stores blanks as null. `firstName` and `lastName` must not be
 * blank (`contact-name-required`); `phone` is any form people type ('514-555-1234',
 * '(514) 555-1234', '+1 514…'), valid for the organisation's country (`phone-invalid`) and not
 * another main contact's (`contact-phone-exists`); `email` a standard address (`email-invalid`).
 * A linked contact gives `linkedToId` (a main contact of the organisation) and `relation`
 * instead of a phone: it takes its main contact's phone.
 */
export const contactInputSchema = z.strictObject({
  firstName: text(CONTACT_FIELD_MAX_CHARS),
  lastName: text(CONTACT_FIELD_MAX_CHARS),
  phone: optionalText(40),
  email: optionalText(CONTACT_FIELD_MAX_CHARS),
  birthday: isoDateSchema.or(z.literal('')).nullable().optional(),
  address: optionalText(CONTACT_FIELD_MAX_CHARS),
  city: optionalText(CONTACT_FIELD_MAX_CHARS),
  postalCode: optionalText(20),
  language: contactLanguageSchema.nullable().optional(),
  gender: contactGenderSchema.default('male'),
  note: optionalText(CONTACT_NOTE_MAX_CHARS),
  contactSince: isoDateSchema.or(z.literal('')).nullable().optional(),
  linkedToId: z.uuid().nullable().optional(),
  relation: contactRelationSchema.nullable().optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;
export type ContactInputParsed = z.output<typeof contactInputSchema>;

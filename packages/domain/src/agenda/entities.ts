import { z } from 'zod';
import { timeOfDaySchema } from '../schedules/schedule';
import {
  AGENDA_COLOUR_PATTERN,
  APPOINTMENT_DURATION_MAX_MINUTES,
  APPOINTMENT_DURATION_MIN_MINUTES,
} from './constants';

/** A calendar date as the API writes it, `YYYY-MM-DD`. */
export const isoDateSchema = z.iso.date();

/**
 * One weekly time range of an availability category: `day` 0 (Sunday) to 6 (Saturday), from
 * `start` to `end` (`HH:mm`, wall clock of the organisation's time zone, `start` before `end`).
 */
export const availabilityRangeSchema = z
  .strictObject({ day: z.number().int().min(0).max(6), start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((r) => r.start < r.end, { message: 'start must be before end', path: ['end'] });
export type AvailabilityRange = z.infer<typeof availabilityRangeSchema>;

/** A professional (dentist, hygienist…) whose agenda the organisation keeps. */
export const professionalSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  fullname: z.string(),
  profession: z.string(),
  expertise: z.string(),
  yearsOfExperience: z.number().int().min(0),
  /** Languages spoken, as language codes (`fr`, `en`, …). */
  languages: z.array(z.string()),
});
export type Professional = z.infer<typeof professionalSchema>;

/** A colour as `#rrggbb`. */
export const agendaColourSchema = z.string().regex(AGENDA_COLOUR_PATTERN, '#rrggbb');

/** An availability category of one professional: a label, a colour and its weekly ranges. */
export const availabilityCategorySchema = z.object({
  id: z.uuid(),
  professionalId: z.uuid(),
  label: z.string(),
  colour: agendaColourSchema,
  ranges: z.array(availabilityRangeSchema),
});
export type AvailabilityCategory = z.infer<typeof availabilityCategorySchema>;

/** An appointment's state: booked (`created`), `moved` once its time or professional changed, `cancelled`. */
export const appointmentStatusSchema = z.enum(['created', 'moved', 'cancelled']);
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** Gender of the patient on an appointment (`male` unless told). */
export const genderSchema = z.enum(['male', 'female']);
export type Gender = z.infer<typeof genderSchema>;

/** Length of an appointment in minutes. */
export const appointmentDurationSchema = z
  .number()
  .int()
  .min(APPOINTMENT_DURATION_MIN_MINUTES)
  .max(APPOINTMENT_DURATION_MAX_MINUTES);

/**
 * An appointment with a professional, in one of their availability categories. `startsAt` and
 * `endsAt` are instants (ISO 8601, UTC); the web shows them in the organisation's time zone.
 * The patient's fields are as written at booking; `contactId` links the contact (null once
 * the contact was deleted).
 */
export const appointmentSchema = z.object({
  id: z.uuid(),
  professionalId: z.uuid(),
  categoryId: z.uuid().nullable(),
  service: z.string(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  durationMinutes: z.number().int(),
  status: appointmentStatusSchema,
  contactId: z.uuid().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthday: isoDateSchema.nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  gender: genderSchema,
  kit: z.boolean(),
  extraDocument: z.boolean(),
  requests: z.string(),
  notes: z.string(),
});
export type Appointment = z.infer<typeof appointmentSchema>;

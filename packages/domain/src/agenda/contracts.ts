import { z } from 'zod';
import { dayScheduleSchema } from '../schedules/schedule';
import { AGENDA_NOTE_MAX_CHARS, AGENDA_TEXT_MAX_CHARS, AVAILABILITY_RANGES_MAX } from './constants';
import {
  agendaColourSchema,
  appointmentDurationSchema,
  appointmentSchema,
  availabilityRangeSchema,
  genderSchema,
  isoDateSchema,
} from './entities';

/** Required text: not empty, not only whitespace (trimmed). */
const requiredText = (max = AGENDA_TEXT_MAX_CHARS) => z.string().trim().min(1).max(max);
const optionalText = (max = AGENDA_TEXT_MAX_CHARS) => z.string().trim().max(max).default('');

/** Path parameter `:id` of the agenda's resources. */
export const agendaIdParamsSchema = z.strictObject({ id: z.uuid() });

/**
 * POST /api/professionals and PUT /api/professionals/:id (the whole record). Profession,
 * expertise and at least one language are required.
 */
export const professionalInputSchema = z.strictObject({
  firstName: requiredText(),
  lastName: requiredText(),
  profession: requiredText(),
  expertise: requiredText(),
  yearsOfExperience: z.number().int().min(0).max(80),
  languages: z.array(z.string().trim().min(2).max(10)).min(1).max(20),
});
export type ProfessionalInput = z.infer<typeof professionalInputSchema>;

/**
 * POST /api/professionals/:id/availability-categories and PUT /api/availability-categories/:id.
 * At least one range; the server also refuses overlapping ranges (`availability-overlap`) and
 * ranges outside the opening hours (`availability-outside-hours`).
 */
export const availabilityCategoryInputSchema = z.strictObject({
  label: requiredText(),
  colour: agendaColourSchema,
  ranges: z.array(availabilityRangeSchema).min(1).max(AVAILABILITY_RANGES_MAX),
});
export type AvailabilityCategoryInput = z.infer<typeof availabilityCategoryInputSchema>;

/** GET /api/availability-categories?professionalId= — every category of the organisation, or of one professional. */
export const listAvailabilityCategoriesQuerySchema = z.strictObject({ professionalId: z.uuid().optional() });

/**
 * POST /api/appointments and PUT /api/appointments/:id (the whole appointment: a move sends
 * the new `startsAt`, `durationMinutes` or `professionalId`). `contactId` links an existing
 * contact; without it the contact with `phone` is linked, or a new contact is created from the
 * patient's fields.
 */
export const appointmentInputSchema = z.strictObject({
  professionalId: z.uuid(),
  categoryId: z.uuid(),
  service: optionalText(),
  startsAt: z.iso.datetime({ offset: true }),
  durationMinutes: appointmentDurationSchema,
  contactId: z.uuid().nullable().default(null),
  firstName: requiredText(),
  lastName: requiredText(),
  birthday: isoDateSchema.nullable().default(null),
  phone: z.string().trim().max(40).nullable().default(null),
  email: z.email().max(AGENDA_TEXT_MAX_CHARS).nullable().default(null),
  gender: genderSchema.default('male'),
  kit: z.boolean().default(false),
  extraDocument: z.boolean().default(false),
  requests: optionalText(AGENDA_NOTE_MAX_CHARS),
  notes: optionalText(AGENDA_NOTE_MAX_CHARS),
});
export type AppointmentInput = z.input<typeof appointmentInputSchema>;

/**
 * GET /api/appointments?from=&to=&professionalId=&includeCancelled= — appointments that
 * meet [from, to) (instants; at most `AGENDA_RANGE_MAX_DAYS` apart), by start.
 */
export const listAppointmentsQuerySchema = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  professionalId: z.uuid().optional(),
  includeCancelled: z.enum(['true', 'false']).default('false'),
});

/**
 * GET /api/professionals/:id/free-availabilities?categoryId=&date=&durationMinutes=&excludeAppointmentId=
 * The category's free start times on that date (see `freeAvailabilities`); `excludeAppointmentId`
 * leaves out the appointment being moved.
 */
export const freeAvailabilitiesQuerySchema = z.strictObject({
  categoryId: z.uuid(),
  date: isoDateSchema,
  durationMinutes: z.coerce.number().pipe(appointmentDurationSchema),
  excludeAppointmentId: z.uuid().optional(),
});

/** The free start instants of a day (ISO 8601). */
export const freeAvailabilitiesSchema = z.object({ startsAt: z.array(z.iso.datetime({ offset: true })) });

/** A list of appointments. */
export const appointmentListSchema = z.object({ items: z.array(appointmentSchema) });

/** The organisation's time zone and opening hours, which the agenda's times are read in. */
export const agendaSettingsSchema = z.object({
  timeZone: z.string(),
  openingHours: z.array(dayScheduleSchema),
});
export type AgendaSettings = z.infer<typeof agendaSettingsSchema>;

import {
  APPOINTMENT_DURATION_CHOICES_MINUTES,
  appointmentInputSchema,
  type Appointment,
  type AppointmentInput,
} from '@accueil/domain';
import { z } from 'zod';

/** What the appointment form edits: the API's input, with the availability as a chosen start (ISO) or null. */
export type AppointmentDraft = Omit<AppointmentInput, 'startsAt' | 'professionalId' | 'categoryId'> & {
  professionalId: string | null;
  categoryId: string | null;
  /** The day of the appointment, `YYYY-MM-DD` on the organisation's wall clock. */
  date: string | null;
  startsAt: string | null;
  durationMinutes: number;
};

/** A blank booking, optionally at a professional and a start already chosen (a click in the calendar). */
export function newDraft(
  at: { professionalId?: string | null; date?: string | null; startsAt?: string | null } = {},
): AppointmentDraft {
  return {
    professionalId: at.professionalId ?? null,
    categoryId: null,
    service: '',
    date: at.date ?? null,
    startsAt: at.startsAt ?? null,
    durationMinutes: APPOINTMENT_DURATION_CHOICES_MINUTES[1],
    contactId: null,
    firstName: '',
    lastName: '',
    birthday: null,
    phone: '',
    email: null,
    gender: 'male',
    kit: false,
    extraDocument: false,
    requests: '',
    notes: '',
  };
}

/** The draft of an existing appointment (its day given on the organisation's wall clock). */
export function draftOf(a: Appointment, date: string): AppointmentDraft {
  return {
    professionalId: a.professionalId,
    categoryId: a.categoryId,
    service: a.service,
    date,
    startsAt: a.startsAt,
    durationMinutes: a.durationMinutes,
    contactId: a.contactId,
    firstName: a.firstName,
    lastName: a.lastName,
    birthday: a.birthday,
    phone: a.phone ?? '',
    email: a.email,
    gender: a.gender,
    kit: a.kit,
    extraDocument: a.extraDocument,
    requests: a.requests,
    notes: a.notes,
  };
}

/** The API input of a draft whose professional, category and start are chosen (null otherwise). */
export function inputOf(d: AppointmentDraft): AppointmentInput | null {
  if (!d.professionalId || !d.categoryId || !d.startsAt) return null;
  const { date: _date, ...rest } = d;
  return {
    ...rest,
    professionalId: d.professionalId,
    categoryId: d.categoryId,
    startsAt: d.startsAt,
    email: d.email || null,
    phone: d.phone || null,
  };
}

/** The fields a booking cannot go without (its start is the chosen availability). */
const REQUIRED = ['professionalId', 'categoryId', 'date', 'startsAt', 'firstName', 'lastName'] as const;

/**
 * The appointment form's schema: a draft whose required fields are empty fails them with
 * `agenda.form.required`; else its API input ({@link inputOf}) is checked with the domain's
 * `appointmentInputSchema`, each field it refuses failing with `agenda.form.invalid`. It
 * parses to that input.
 */
export const appointmentFormSchema = z
  .custom<AppointmentDraft>()
  .superRefine((draft, ctx) => {
    const missing = REQUIRED.filter((field) => draft[field] === null || draft[field] === '');
    for (const field of missing)
      ctx.addIssue({ code: 'custom', path: [field], message: 'agenda.form.required' });
    const input = inputOf(draft);
    const parsed = input ? appointmentInputSchema.safeParse(input) : null;
    if (!parsed || parsed.success) return;
    const invalid = new Set(parsed.error.issues.map((i) => String(i.path[0])));
    for (const field of invalid)
      if (!(missing as string[]).includes(field))
        ctx.addIssue({ code: 'custom', path: [field], message: 'agenda.form.invalid' });
  })
  .transform((draft) => inputOf(draft)!);

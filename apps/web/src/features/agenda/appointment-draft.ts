import {
  APPOINTMENT_DURATION_CHOICES_MINUTES,
  type Appointment,
  type AppointmentInput,
} from '@accueil/domain';

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

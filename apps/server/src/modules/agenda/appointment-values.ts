import { AppError, appointmentInputSchema, fitsAvailability, type AppointmentInput } from '@accueil/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import type { RequestContext } from '../../http/request-context';
import { getAgendaSettings } from './agenda-settings';
import { requireCategoryOf } from './require-category';
import { requireProfessional } from './require-professional';
import { resolveAppointmentContact } from './resolve-appointment-contact';

/** The appointment input after its schema's defaults. */
export type ParsedAppointmentInput = z.output<typeof appointmentInputSchema>;

/**
 * The columns of an appointment being booked or changed, after its rules: the professional and
 * the category are the organisation's (the category one of that professional's), the time lies
 * inside one of the category's ranges on the organisation's wall clock, and the contact is
 * linked (`resolveAppointmentContact`).
 * @throws AppError 'not-found' (professional, category, contact);
 *   'appointment-outside-availability' (422); 'phone-invalid'.
 */
export async function appointmentValues(
  deps: Pick<AppDeps, 'db'>,
  tx: DbOrTx,
  ctx: RequestContext,
  input: ParsedAppointmentInput | AppointmentInput,
) {
  const parsed = appointmentInputSchema.parse(input);
  const professional = await requireProfessional(tx, ctx, parsed.professionalId);
  const category = await requireCategoryOf(tx, ctx, professional.id, parsed.categoryId);
  const startsAt = new Date(parsed.startsAt);
  const { timeZone } = await getAgendaSettings(deps, ctx, tx);
  if (!fitsAvailability(startsAt, parsed.durationMinutes, category.ranges, timeZone)) {
    throw new AppError(
      'appointment-outside-availability',
      "The appointment must fit one of the category's time ranges",
    );
  }
  const { contactId, phone } = await resolveAppointmentContact(deps, tx, ctx, parsed);
  const { contactId: _given, startsAt: _iso, phone: _typed, ...rest } = parsed;
  return {
    ...rest,
    professionalId: professional.id,
    categoryId: category.id,
    startsAt,
    endsAt: new Date(startsAt.getTime() + parsed.durationMinutes * 60_000),
    contactId,
    phone,
  };
}

/** Whether a database error is the exclusion constraint's: two bookings of one professional overlap. */
function isOverlapViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23P01' || e.cause?.code === '23P01';
}

/**
 * Runs the write of a booking, turning the exclusion constraint's refusal into the answer the
 * patient's desk understands.
 * @throws AppError 'availability-taken' (409) when the time meets another booking of the professional.
 */
export async function writeBooking<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isOverlapViolation(error))
      throw new AppError('availability-taken', 'This availability is already taken by another patient');
    throw error;
  }
}

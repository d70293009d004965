import type { Appointment, AvailabilityCategory, Professional } from '@accueil/domain';
import type { appointments, availabilityCategories, professionals } from '../../db/schema/agenda';

/** A row of each agenda table. */
export type ProfessionalRow = typeof professionals.$inferSelect;
export type AvailabilityCategoryRow = typeof availabilityCategories.$inferSelect;
export type AppointmentRow = typeof appointments.$inferSelect;

/** Professional row → API shape (`fullname`: first + last name). */
export function presentProfessional(row: ProfessionalRow): Professional {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    fullname: `${row.firstName} ${row.lastName}`.trim(),
    profession: row.profession,
    expertise: row.expertise,
    yearsOfExperience: row.yearsOfExperience,
    languages: row.languages,
  };
}

/** Availability category row → API shape. */
export function presentCategory(row: AvailabilityCategoryRow): AvailabilityCategory {
  return {
    id: row.id,
    professionalId: row.professionalId,
    label: row.label,
    colour: row.colour,
    ranges: row.ranges,
  };
}

/** Appointment row → API shape (instants as ISO 8601 UTC). */
export function presentAppointment(row: AppointmentRow): Appointment {
  return {
    id: row.id,
    professionalId: row.professionalId,
    categoryId: row.categoryId,
    service: row.service,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    status: row.status,
    contactId: row.contactId,
    firstName: row.firstName,
    lastName: row.lastName,
    birthday: row.birthday,
    phone: row.phone,
    email: row.email,
    gender: row.gender,
    kit: row.kit,
    extraDocument: row.extraDocument,
    requests: row.requests,
    notes: row.notes,
  };
}

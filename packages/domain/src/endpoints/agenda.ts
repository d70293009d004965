import { z } from 'zod';
import {
  agendaIdParamsSchema as params,
  agendaSettingsSchema,
  appointmentInputSchema,
  appointmentListSchema,
  availabilityCategoryInputSchema,
  freeAvailabilitiesQuerySchema,
  freeAvailabilitiesSchema,
  listAppointmentsQuerySchema,
  listAvailabilityCategoriesQuerySchema,
  professionalInputSchema,
} from '../agenda/contracts';
import { appointmentSchema, availabilityCategorySchema, professionalSchema } from '../agenda/entities';
import { endpoint } from './endpoint';

const tags = ['agenda'] as const;

/**
 * The agenda: professionals, their availability categories and appointments. Every one is
 * tenant-scoped (another organisation's id answers 404). Administrators manage professionals
 * and categories; every member of the organisation books, moves and cancels appointments.
 */
export const agendaEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/agenda/settings',
    tags,
    summary: "The organisation's time zone and opening hours",
    responses: { 200: agendaSettingsSchema },
  }),
  listProfessionals: endpoint({
    method: 'GET',
    path: '/api/professionals',
    tags,
    summary: 'Professionals of the organisation, by name',
    responses: { 200: z.object({ items: z.array(professionalSchema) }) },
  }),
  createProfessional: endpoint({
    method: 'POST',
    path: '/api/professionals',
    tags,
    summary: 'Adds a professional (administrators)',
    body: professionalInputSchema,
    responses: { 201: professionalSchema },
  }),
  getProfessional: endpoint({
    method: 'GET',
    path: '/api/professionals/:id',
    tags,
    summary: 'One professional',
    params,
    responses: { 200: professionalSchema },
  }),
  updateProfessional: endpoint({
    method: 'PUT',
    path: '/api/professionals/:id',
    tags,
    summary: "Replaces a professional's details (administrators)",
    params,
    body: professionalInputSchema,
    responses: { 200: professionalSchema },
  }),
  deleteProfessional: endpoint({
    method: 'DELETE',
    path: '/api/professionals/:id',
    tags,
    summary: 'Removes a professional without scheduled appointments (administrators)',
    params,
    responses: { 204: z.null() },
  }),
  listCategories: endpoint({
    method: 'GET',
    path: '/api/availability-categories',
    tags,
    summary: 'Availability categories, of one professional or all',
    query: listAvailabilityCategoriesQuerySchema,
    responses: { 200: z.object({ items: z.array(availabilityCategorySchema) }) },
  }),
  createCategory: endpoint({
    method: 'POST',
    path: '/api/professionals/:id/availability-categories',
    tags,
    summary: 'Adds an availability category to a professional (administrators)',
    params,
    body: availabilityCategoryInputSchema,
    responses: { 201: availabilityCategorySchema },
  }),
  updateCategory: endpoint({
    method: 'PUT',
    path: '/api/availability-categories/:id',
    tags,
    summary: 'Replaces an availability category (administrators)',
    params,
    body: availabilityCategoryInputSchema,
    responses: { 200: availabilityCategorySchema },
  }),
  deleteCategory: endpoint({
    method: 'DELETE',
    path: '/api/availability-categories/:id',
    tags,
    summary: 'Removes an availability category (administrators)',
    params,
    responses: { 204: z.null() },
  }),
  freeAvailabilities: endpoint({
    method: 'GET',
    path: '/api/professionals/:id/free-availabilities',
    tags,
    summary: "A category's free start times on a date",
    params,
    query: freeAvailabilitiesQuerySchema,
    responses: { 200: freeAvailabilitiesSchema },
  }),
  listAppointments: endpoint({
    method: 'GET',
    path: '/api/appointments',
    tags,
    summary: 'Appointments meeting a time span',
    query: listAppointmentsQuerySchema,
    responses: { 200: appointmentListSchema },
  }),
  createAppointment: endpoint({
    method: 'POST',
    path: '/api/appointments',
    tags,
    summary: 'Books an appointment (409 when the availability is taken)',
    body: appointmentInputSchema,
    responses: { 201: appointmentSchema },
  }),
  getAppointment: endpoint({
    method: 'GET',
    path: '/api/appointments/:id',
    tags,
    summary: 'One appointment',
    params,
    responses: { 200: appointmentSchema },
  }),
  updateAppointment: endpoint({
    method: 'PUT',
    path: '/api/appointments/:id',
    tags,
    summary: 'Edits or moves an appointment (409 when the availability is taken)',
    params,
    body: appointmentInputSchema,
    responses: { 200: appointmentSchema },
  }),
  cancelAppointment: endpoint({
    method: 'POST',
    path: '/api/appointments/:id/cancel',
    tags,
    summary: 'Cancels an appointment',
    params,
    responses: { 200: appointmentSchema },
  }),
  patientAppointments: endpoint({
    method: 'GET',
    path: '/api/patients/:id/appointments',
    tags,
    summary: "A contact's appointments, newest first",
    params,
    responses: { 200: appointmentListSchema },
  }),
};

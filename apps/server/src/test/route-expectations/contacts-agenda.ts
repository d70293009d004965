import {
  ADMINISTRATORS,
  anId,
  appointment,
  category,
  EVERY_ROLE,
  professional,
  type RouteExpectation,
} from './shared';

/** The role × route table's rows for contacts and the agenda (see `../route-expectations.ts`). */
export const CONTACTS_AGENDA_ROUTES: Record<string, RouteExpectation> = {
  // Contacts: every member of the organisation (the rule `contact.manage`).
  'GET /api/contacts': { allow: EVERY_ROLE },
  'POST /api/contacts': {
    allow: EVERY_ROLE,
    request: () => ({ payload: { firstName: 'Camille', lastName: 'Roy' } }),
  },
  'GET /api/contacts/export': { allow: EVERY_ROLE },
  'POST /api/contacts/import': {
    allow: EVERY_ROLE,
    note: 'a multipart upload; without a file it is refused as input (400/415), not by role',
  },
  'GET /api/contacts/imports/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/contacts/imports/{id}/skipped': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/contacts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/contacts/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: anId(), payload: { firstName: 'Camille', lastName: 'Roy' } }),
  },
  'DELETE /api/contacts/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/patients/{id}/surveys': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  // Agenda: every member reads and books; administrators manage professionals and their categories.
  'GET /api/agenda/settings': { allow: EVERY_ROLE },
  'GET /api/professionals': { allow: EVERY_ROLE },
  'POST /api/professionals': { allow: ADMINISTRATORS, request: () => ({ payload: professional }) },
  'GET /api/professionals/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/professionals/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: professional }),
  },
  'DELETE /api/professionals/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/availability-categories': { allow: EVERY_ROLE },
  'POST /api/professionals/{id}/availability-categories': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: category }),
  },
  'PUT /api/availability-categories/{id}': {
    allow: ADMINISTRATORS,
    request: () => ({ params: anId(), payload: category }),
  },
  'DELETE /api/availability-categories/{id}': { allow: ADMINISTRATORS, request: () => ({ params: anId() }) },
  'GET /api/professionals/{id}/free-availabilities': {
    allow: EVERY_ROLE,
    request: () => ({
      params: anId(),
      query: `categoryId=${crypto.randomUUID()}&date=2030-01-07&durationMinutes=30`,
    }),
  },
  'GET /api/appointments': {
    allow: EVERY_ROLE,
    request: () => ({ query: 'from=2030-01-01T00:00:00Z&to=2030-01-08T00:00:00Z' }),
  },
  'POST /api/appointments': { allow: EVERY_ROLE, request: () => ({ payload: appointment() }) },
  'GET /api/appointments/{id}': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'PUT /api/appointments/{id}': {
    allow: EVERY_ROLE,
    request: () => ({ params: anId(), payload: appointment() }),
  },
  'POST /api/appointments/{id}/cancel': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
  'GET /api/patients/{id}/appointments': { allow: EVERY_ROLE, request: () => ({ params: anId() }) },
};

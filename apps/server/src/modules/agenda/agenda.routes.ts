import { agendaEndpoints as endpoints } from '@accueil/domain';
import type { AppDeps } from '../../app-deps';
import { route } from '../../http/route';
import type { AppInstance } from '../../http/types';
import { getAgendaSettings } from './agenda-settings';
import { cancelAppointment } from './cancel-appointment';
import { createAppointment } from './create-appointment';
import { createAvailabilityCategory } from './create-availability-category';
import { createProfessional } from './create-professional';
import { deleteAvailabilityCategory } from './delete-availability-category';
import { deleteProfessional } from './delete-professional';
import { getAppointment } from './get-appointment';
import { getProfessional } from './get-professional';
import { listAppointments } from './list-appointments';
import { listAvailabilityCategories } from './list-availability-categories';
import { listFreeAvailabilities } from './list-free-availabilities';
import { listPatientAppointments } from './list-patient-appointments';
import { listProfessionals } from './list-professionals';
import { updateAppointment } from './update-appointment';
import { updateAvailabilityCategory } from './update-availability-category';
import { updateProfessional } from './update-professional';

/**
 * The agenda (docs/behaviour/agenda.md, docs/api.md "Agenda"): professionals, availability
 * categories and appointments, tenant-scoped (another organisation's id answers 404).
 * Administrators manage professionals and categories (403 `forbidden` for others); every
 * member books, moves and cancels appointments.
 */
export function agendaRoutes(app: AppInstance, deps: AppDeps): Promise<void> {
  const access = 'session' as const;

  route(app, endpoints.settings, { access, handler: (request) => getAgendaSettings(deps, request.ctx) });

  route(app, endpoints.listProfessionals, {
    access,
    handler: (request) => listProfessionals(deps, request.ctx),
  });
  route(app, endpoints.createProfessional, {
    access,
    handler: async (request, reply) =>
      reply.code(201).send(await createProfessional(deps, request.ctx, request.body)),
  });
  route(app, endpoints.getProfessional, {
    access,
    handler: (request) => getProfessional(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.updateProfessional, {
    access,
    handler: (request) => updateProfessional(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.deleteProfessional, {
    access,
    config: { errors: ['professional-has-appointments'] },
    handler: async (request, reply) => {
      await deleteProfessional(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });

  route(app, endpoints.listCategories, {
    access,
    handler: (request) => listAvailabilityCategories(deps, request.ctx, request.query),
  });
  route(app, endpoints.createCategory, {
    access,
    config: { errors: ['availability-overlap', 'availability-outside-hours'] },
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await createAvailabilityCategory(deps, request.ctx, request.params.id, request.body)),
  });
  route(app, endpoints.updateCategory, {
    access,
    config: { errors: ['availability-overlap', 'availability-outside-hours'] },
    handler: (request) => updateAvailabilityCategory(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.deleteCategory, {
    access,
    handler: async (request, reply) => {
      await deleteAvailabilityCategory(deps, request.ctx, request.params.id);
      return reply.code(204).send(null);
    },
  });
  route(app, endpoints.freeAvailabilities, {
    access,
    handler: (request) => listFreeAvailabilities(deps, request.ctx, request.params.id, request.query),
  });

  route(app, endpoints.listAppointments, {
    access,
    handler: (request) => listAppointments(deps, request.ctx, request.query),
  });
  route(app, endpoints.createAppointment, {
    access,
    config: {
      errors: ['not-found', 'availability-taken', 'appointment-outside-availability', 'phone-invalid'],
    },
    handler: async (request, reply) =>
      reply.code(201).send(await createAppointment(deps, request.ctx, request.body)),
  });
  route(app, endpoints.getAppointment, {
    access,
    handler: (request) => getAppointment(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.updateAppointment, {
    access,
    config: {
      errors: [
        'availability-taken',
        'appointment-outside-availability',
        'appointment-cancelled',
        'phone-invalid',
      ],
    },
    handler: (request) => updateAppointment(deps, request.ctx, request.params.id, request.body),
  });
  route(app, endpoints.cancelAppointment, {
    access,
    handler: (request) => cancelAppointment(deps, request.ctx, request.params.id),
  });
  route(app, endpoints.patientAppointments, {
    access,
    handler: (request) => listPatientAppointments(deps, request.ctx, request.params.id),
  });

  return Promise.resolve();
}

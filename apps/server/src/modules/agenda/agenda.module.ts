import type { AppModule } from '../../app-module';
import { agendaRoutes } from './agenda.routes';

/** The agenda: professionals, their availability categories, appointments. */
export const agendaModule: AppModule = { name: 'agenda', routes: agendaRoutes };

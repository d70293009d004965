import type { AppModule } from '../../app-module';
import { communicationRoutes } from './communication.routes';

/** Quick messages (text blocks) of each organisation, and the tokens filled in sent texts. */
export const communicationModule: AppModule = { name: 'communication', routes: communicationRoutes };

import type { AppModule } from '../../app-module';
import { libraryRoutes } from './library.routes';

/** The content library: posts (protocols, consultations, documents, articles), their sections and public pages. */
export const libraryModule: AppModule = { name: 'library', routes: libraryRoutes };

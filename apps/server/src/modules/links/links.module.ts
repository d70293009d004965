import type { AppModule } from '../../app-module';
import { linksRoutes } from './links.routes';

/** Short links: made for texts carrying a long link, served at `/l/:code` with click counts. */
export const linksModule: AppModule = { name: 'links', routes: linksRoutes };

import type { AppModule } from '../../app-module';
import { purgeExpiredSecureFilesJob } from './purge-expired-secure-files.job';
import { secureFilesRoutes } from './secure-files.routes';

/** Secure files: files sent to contacts by link and 6-digit code, and back (docs/behaviour/secure-files.md). */
export const secureFilesModule: AppModule = {
  name: 'secure-files',
  routes: secureFilesRoutes,
  jobs: [purgeExpiredSecureFilesJob],
};

// The secure-files module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { secureFilesModule } from './secure-files.module';
export { purgeExpiredSecureFiles } from './purge-expired-secure-files';

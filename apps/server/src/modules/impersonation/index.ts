// The impersonation module's public use cases. This file re-exports; it implements nothing.
export { impersonationModule } from './impersonation.module';
export { listOrganizations } from './list-organizations';
export { startImpersonation } from './start-impersonation';
export { stopImpersonation } from './stop-impersonation';

import type { AppModule } from '../../app-module';
import { auditRoutes } from './audit.routes';

/** The audit log: append-only, hash-chained events of what happened in an organisation. */
export const auditModule: AppModule = { name: 'audit', routes: auditRoutes };

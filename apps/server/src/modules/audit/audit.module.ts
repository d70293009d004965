import type { AppModule } from '../../app-module';
import { auditSubscriber } from './audit-subscriber';
import { auditRoutes } from './audit.routes';

/**
 * The audit log: append-only, hash-chained events of what happened in an organisation, written
 * by the actions' transactions or, for domain events, by its subscriber (`audit.record`).
 */
export const auditModule: AppModule = { name: 'audit', routes: auditRoutes, subscribers: [auditSubscriber] };

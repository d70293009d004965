import type { AppModule } from '../../app-module';
import { operationsRoutes } from './operations.routes';

/** The operators' tools: the installation's health and the synchronizations (docs/behaviour/operations.md). */
export const operationsModule: AppModule = { name: 'operations', routes: operationsRoutes };

import type { AppDeps } from './app-deps';
import type { EventSubscriber } from './events/event-subscriber';
import type { AppInstance } from './http/types';
import type { JobDefinition } from './jobs/job-definition';
import type { RealtimeNamespace } from './realtime/realtime-namespace';

/**
 * A long-running task of a module beside its jobs (the e-mail module's IDLE watcher): started
 * once the server listens, stopped (awaited) when it closes, before the job queue.
 */
export type BackgroundService = { stop(): Promise<void> };

/**
 * What a module brings to the app, in one descriptor (`<module>.module.ts`), listed in
 * `MODULES` (app-registry.ts): its routes, its background jobs, the realtime namespaces it
 * serves, its domain events' subscribers. `buildApp` registers them in the list's order.
 */
export type AppModule = {
  name: string;
  /** Registers the module's routes (each declares its access). */
  routes?: (app: AppInstance, deps: AppDeps) => Promise<void>;
  /** Its background jobs (`jobs/job-list.ts` collects every module's). */
  jobs?: readonly JobDefinition[];
  /** Its subscribers to domain events (`events/subscriber-list.ts` collects every module's; docs/behaviour/events.md). */
  subscribers?: readonly EventSubscriber[];
  /** Its long-running tasks, started when the server listens (never under `app.inject` tests). */
  services?: readonly ((deps: AppDeps) => BackgroundService)[];
  /** Socket.IO namespaces it serves besides the app's signed-in one. */
  realtime?: readonly RealtimeNamespace[];
};

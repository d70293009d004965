import type { AppDeps } from '../app-deps';

/**
 * Runs one realtime announcement, after the change it announces has committed. A publishing
 * failure is logged, never turned into a failed request: the change is committed, and clients
 * catch up through REST after a reconnect.
 */
export function publishSafely(deps: Pick<AppDeps, 'log'>, publish: () => void): void {
  try {
    publish();
  } catch (err) {
    deps.log.error({ err }, 'realtime publish failed');
  }
}

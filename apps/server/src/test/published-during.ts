import { vi } from 'vitest';
import type { AppDeps } from '../app-deps';

/** One realtime publication seen by {@link publishedDuring}. */
export interface Publication {
  room: string;
  event: string;
  payload: unknown;
}

/** The realtime events `deps.realtime` published while `work` ran (test helper): room, event, payload, in order. */
export async function publishedDuring(
  deps: Pick<AppDeps, 'realtime'>,
  work: () => Promise<unknown>,
): Promise<Publication[]> {
  const spy = vi.spyOn(deps.realtime, 'publish');
  try {
    await work();
    return spy.mock.calls.map(([room, event, payload]) => ({ room, event, payload }));
  } finally {
    spy.mockRestore();
  }
}

import { describe, expect, it, vi } from 'vitest';
import type { RealtimePublisher } from '../../realtime/publisher';
import { buildOrganization, buildTeam } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { withPollingLog } from './polling-log';

/** The polling log's cost for organisations outside France (docs/behaviour/france.md, "Polling"). */
const t = useTestApp();

function fakePublisher(): RealtimePublisher {
  return {
    publish: vi.fn(),
    publishIn: vi.fn(),
    moveSockets: vi.fn(),
    health: vi.fn(),
  };
}

describe('withPollingLog', () => {
  it('reads a team’s country once: later inbox events of an organisation elsewhere cost no statement', async () => {
    const org = await buildOrganization({ country: 'CA' });
    const team = await buildTeam({ organizationId: org.id });
    const inner = fakePublisher();
    const log = withPollingLog(inner, t.deps);
    const select = vi.spyOn(t.deps.db, 'select');
    const execute = vi.spyOn(t.deps.db, 'execute');
    try {
      for (let i = 0; i < 3; i++) {
        log.publish(`team:${team.id}`, 'conversation:updated', { conversation: {} } as never);
        await log.flushed();
      }
      expect(inner.publish).toHaveBeenCalledTimes(3);
      expect(select).toHaveBeenCalledTimes(1);
      expect(execute).not.toHaveBeenCalled();
    } finally {
      select.mockRestore();
      execute.mockRestore();
    }
  });
});

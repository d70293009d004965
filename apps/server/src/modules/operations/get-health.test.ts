import type { OperationsHealth } from '@accueil/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildAdmin, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/** The operators' health panel: devops read the environment and what it depends on; nobody else. */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const get = async (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/devops/health', headers });

describe('GET /api/devops/health', () => {
  it('gives devops the environment, without a secret, and the database, job queues and realtime', async () => {
    const devops = await buildUser({ role: 'devops' });
    const res = await get(await signedInAs(devops));
    expect(res.statusCode).toBe(200);
    const health = res.json<OperationsHealth>();
    expect(health.environment).toMatchObject({
      version: '5.5.1',
      node: process.version,
      database: 'pglite',
      carriers: { messaging: 'sandbox', voice: 'sandbox', emailChannel: 'sandbox' },
    });
    expect(health.database.state).toBe('up');
    expect(health.database.latencyMs).toBeGreaterThanOrEqual(0);
    // One process without Redis: nothing else to count across.
    expect(health.redis.state).toBe('absent');
    expect(health.realtime.everywhere).toBe(health.realtime.here);
    const body = res.body;
    expect(body).not.toContain(t.deps.config.JWT_SECRET ?? 'no secret set');
    expect(body).not.toMatch(/postgres:\/\/|redis:\/\/|password/i);
  });

  it('lists each job queue with its counts once the queue runs', async () => {
    await t.jobs.start({ work: false });
    const devops = await buildUser({ role: 'devops' });
    const health = (await get(await signedInAs(devops))).json<OperationsHealth>();
    expect(health.jobs.started).toBe(true);
    expect(health.jobs.queues.map((q) => q.name)).toContain('send-scheduled-message');
    for (const queue of health.jobs.queues)
      expect(queue).toEqual({
        name: queue.name,
        queued: expect.any(Number) as number,
        deferred: expect.any(Number) as number,
        active: expect.any(Number) as number,
        failed: expect.any(Number) as number,
      });
  });

  it('reports a database that does not answer as down, not as an error', async () => {
    const devops = await buildUser({ role: 'devops' });
    const headers = await signedInAs(devops);
    vi.spyOn(t.deps.db, 'execute').mockRejectedValueOnce(new Error('connection refused'));
    const res = await get(headers);
    expect(res.statusCode).toBe(200);
    expect(res.json<OperationsHealth>().database).toEqual({ state: 'down', latencyMs: null });
  });

  it('refuses administrators and agents (403) and answers 401 without a session', async () => {
    const admin = await buildAdmin();
    expect((await get(await signedInAs(admin))).statusCode).toBe(403);
    const agent = await buildUser();
    expect((await get(await signedInAs(agent))).statusCode).toBe(403);
    expect((await get({})).statusCode).toBe(401);
  });
});

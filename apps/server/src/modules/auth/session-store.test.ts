import { SESSION_IDLE_TIMEOUT_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { sessions } from '../../db/schema/sessions';
import { authHeader, buildUser, signIn } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { findSessionAccess, isSessionLive, LAST_SEEN_WRITE_INTERVAL_MS, touchSession } from './session-store';

/** A session's life: revoked, idle for 12 h, or past its end (impersonations have one). */
const t = useTestApp();
const now = new Date('2026-03-02T15:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('isSessionLive', () => {
  it('is live until it has been idle for exactly SESSION_IDLE_TIMEOUT_MS', () => {
    expect(isSessionLive({ revokedAt: null, lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS - 1) }, now)).toBe(true);
    expect(isSessionLive({ revokedAt: null, lastSeenAt: ago(SESSION_IDLE_TIMEOUT_MS) }, now)).toBe(false);
  });

  it('is not live once revoked, however recent its use', () => {
    expect(isSessionLive({ revokedAt: ago(1), lastSeenAt: now }, now)).toBe(false);
  });

  it('ends at its expiresAt, used or not, and never ends by it when it has none', () => {
    expect(
      isSessionLive({ revokedAt: null, lastSeenAt: now, expiresAt: new Date(now.getTime() + 1) }, now),
    ).toBe(true);
    expect(isSessionLive({ revokedAt: null, lastSeenAt: now, expiresAt: now }, now)).toBe(false);
    expect(isSessionLive({ revokedAt: null, lastSeenAt: now, expiresAt: ago(1) }, now)).toBe(false);
    expect(isSessionLive({ revokedAt: null, lastSeenAt: now, expiresAt: null }, now)).toBe(true);
  });
});

describe('a session in the database', () => {
  async function opened() {
    const user = await buildUser();
    const session = await signIn(t.app, user);
    const claims = decodeJwt(session.jwt) as { sid: string; sub: string; org: string };
    return { user, session, claims };
  }
  const row = async (sid: string) =>
    (await t.deps.db.select().from(sessions).where(eq(sessions.id, sid)))[0]!;
  const set = (sid: string, values: Partial<typeof sessions.$inferInsert>) =>
    t.deps.db.update(sessions).set(values).where(eq(sessions.id, sid));
  const access = (claims: { sid: string; sub: string; org: string }) => findSessionAccess(t.deps.db, claims);

  it("reads its end, its revocation and its user's role; nothing for another user's or organisation's claims", async () => {
    const { user, claims } = await opened();
    const fresh = await access(claims);
    expect(fresh).toMatchObject({
      id: claims.sid,
      revokedAt: null,
      expiresAt: null,
      role: user.role,
      impersonatorUserId: null,
    });
    const end = new Date(Date.now() + 3600_000);
    const revoked = new Date(Date.now() - 1000);
    await set(claims.sid, { expiresAt: end, revokedAt: revoked });
    const changed = await access(claims);
    expect(changed!.expiresAt!.getTime()).toBe(end.getTime());
    expect(changed!.revokedAt!.getTime()).toBe(revoked.getTime());
    expect(await access({ ...claims, sub: crypto.randomUUID() })).toBeNull();
    expect(await access({ ...claims, org: crypto.randomUUID() })).toBeNull();
  });

  it('refuses a request once the session passed its expiresAt (401 session-expired), though just used', async () => {
    const { session, claims } = await opened();
    const profile = () =>
      t.app.inject({ method: 'GET', url: '/api/auth/profile', headers: authHeader(session.jwt) });
    await set(claims.sid, { expiresAt: new Date(Date.now() + 3600_000) });
    expect((await profile()).statusCode).toBe(200);
    await set(claims.sid, { expiresAt: new Date(Date.now() - 1000) });
    const refused = await profile();
    expect([refused.statusCode, refused.json().code]).toEqual([401, 'session-expired']);
  });

  it('writes last_seen_at only when the last write is LAST_SEEN_WRITE_INTERVAL_MS old or more', async () => {
    const { claims } = await opened();
    const at = new Date('2026-03-02T15:00:00Z');
    const seen = (ms: number) => new Date(at.getTime() - ms);
    await set(claims.sid, { lastSeenAt: seen(LAST_SEEN_WRITE_INTERVAL_MS - 1) });
    await touchSession(t.deps.db, { id: claims.sid, lastSeenAt: seen(LAST_SEEN_WRITE_INTERVAL_MS - 1) }, at);
    expect((await row(claims.sid)).lastSeenAt.getTime()).toBe(
      seen(LAST_SEEN_WRITE_INTERVAL_MS - 1).getTime(),
    );
    await set(claims.sid, { lastSeenAt: seen(LAST_SEEN_WRITE_INTERVAL_MS) });
    await touchSession(t.deps.db, { id: claims.sid, lastSeenAt: seen(LAST_SEEN_WRITE_INTERVAL_MS) }, at);
    expect((await row(claims.sid)).lastSeenAt.getTime()).toBe(at.getTime());
  });
});

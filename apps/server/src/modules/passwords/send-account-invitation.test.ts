import { ACCOUNT_INVITATION_LINK_TTL_MS } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { passwordTokens } from '../../db/schema/passwords';
import { buildAdmin, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { mailsTo, tokenOf, waitForMail } from '../../test/sandbox-mail';

const t = useTestApp();
const invite = async (admin: { id: string; organizationId: string }, userId: string) =>
  t.app.inject({ method: 'POST', url: `/api/users/${userId}/invitation`, headers: await signedInAs(admin) });
const setPassword = (token: string, password = 'Premier-Passe-1!') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password/reset',
    payload: { token, password, confirmation: password },
  });

afterEach(() => {
  vi.useRealTimers();
});

async function adminAndInvitee() {
  const admin = await buildAdmin({ firstName: 'Luc', lastName: 'Gagnon' });
  const invitee = await buildUser({ organizationId: admin.organizationId, firstName: 'Marie' });
  return { admin, invitee };
}

describe('POST /api/users/:id/invitation (sendAccountInvitation)', () => {
  it('mails the user who invites them, their username and a link to choose their first password', async () => {
    const { admin, invitee } = await adminAndInvitee();
    const res = await invite(admin, invitee.id);
    expect(res.statusCode).toBe(202);
    const mail = (await mailsTo(t.app, invitee.email))[0]!;
    expect(mail.subject).toMatch(/^Votre compte Accueil pour Org /);
    expect(mail.text).toContain('Bonjour Marie,');
    expect(mail.text).toContain('Luc Gagnon vous a créé un compte Accueil');
    expect(mail.text).toContain(invitee.username);
    expect(mail.text).toContain('7 jours');
    const token = tokenOf(mail);
    const info = await t.app.inject({ method: 'POST', url: '/api/auth/password/token', payload: { token } });
    expect(info.json()).toMatchObject({ purpose: 'invitation', username: invitee.username });
    expect(Date.parse(res.json<{ expiresAt: string }>().expiresAt)).toBe(
      Date.parse(info.json<{ expiresAt: string }>().expiresAt),
    );
    expect((await setPassword(token)).json()).toEqual({ username: invitee.username });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: invitee.username, password: 'Premier-Passe-1!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('a user created in invite mode cannot sign in until they chose their password through the invitation', async () => {
    const admin = await buildAdmin({ firstName: 'Luc', lastName: 'Gagnon' });
    const headers = await signedInAs(admin);
    const id = Date.now().toString(36);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: {
        mode: 'invite',
        username: `invite-${id}`,
        email: `invite-${id}@clinique.test`,
        displayName: 'Marie',
        firstName: 'Marie',
        lastName: 'Roy',
      },
    });
    expect(created.json()).toMatchObject({ username: `invite-${id}` });
    expect(created.statusCode).toBe(201);
    const user = created.json<{ id: string; username: string; email: string }>();
    expect(await mailsTo(t.app, user.email)).toHaveLength(0);
    expect((await invite(admin, user.id)).statusCode).toBe(202);
    const token = tokenOf(await waitForMail(t.app, user.email));
    expect((await setPassword(token)).statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'Premier-Passe-1!' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('keeps the link working for 7 days, not longer (fake clock)', async () => {
    const { admin, invitee } = await adminAndInvitee();
    const other = await buildUser({ organizationId: admin.organizationId });
    const sentAt = Date.now();
    await invite(admin, invitee.id);
    await invite(admin, other.id);
    const [row] = await t.deps.db.select().from(passwordTokens).where(eq(passwordTokens.userId, invitee.id));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(ACCOUNT_INVITATION_LINK_TTL_MS);
    expect(row!.createdBy).toBe(admin.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(sentAt + ACCOUNT_INVITATION_LINK_TTL_MS - 60_000);
    expect((await setPassword(tokenOf(await waitForMail(t.app, invitee.email)))).statusCode).toBe(200);
    vi.setSystemTime(sentAt + ACCOUNT_INVITATION_LINK_TTL_MS + 60_000);
    expect((await setPassword(tokenOf(await waitForMail(t.app, other.email)))).json().code).toBe(
      'reset-link-expired',
    );
  });

  it('replaces earlier invitations: only the newest link works', async () => {
    const { admin, invitee } = await adminAndInvitee();
    await invite(admin, invitee.id);
    const first = tokenOf(await waitForMail(t.app, invitee.email, 1));
    await invite(admin, invitee.id);
    const second = tokenOf(await waitForMail(t.app, invitee.email, 2));
    expect((await setPassword(first)).json().code).toBe('reset-link-expired');
    expect((await setPassword(second)).statusCode).toBe(200);
  });

  it('is for administrators only (403 for a user of the organisation)', async () => {
    const { admin, invitee } = await adminAndInvitee();
    const colleague = await buildUser({ organizationId: admin.organizationId });
    const res = await invite(colleague, invitee.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('forbidden');
    expect(await mailsTo(t.app, invitee.email)).toEqual([]);
  });

  it("answers 404 for another organisation's user, as for a missing one, and mails nobody", async () => {
    const { invitee } = await adminAndInvitee();
    const outsider = await buildAdmin();
    const res = await invite(outsider, invitee.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not-found');
    expect((await invite(outsider, '00000000-0000-4000-8000-000000000000')).json().code).toBe('not-found');
    expect(await mailsTo(t.app, invitee.email)).toEqual([]);
  });

  it('needs a session (401)', async () => {
    const { invitee } = await adminAndInvitee();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/users/${invitee.id}/invitation` })).statusCode,
    ).toBe(401);
  });

  it('answers 502 mail-unavailable when the carrier refuses the mail', async () => {
    const { admin, invitee } = await adminAndInvitee();
    const { CarrierError } = await import('../../carriers/email/email-carrier');
    const spy = vi
      .spyOn(t.deps.email, 'send')
      .mockRejectedValueOnce(new CarrierError('auth', '535 Authentication credentials invalid', '535'));
    const res = await invite(admin, invitee.id);
    spy.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'mail-unavailable', details: { kind: 'auth' } });
  });
});

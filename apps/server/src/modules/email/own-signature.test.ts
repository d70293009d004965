import type { OwnSignature, UserAccount } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { buildAdmin, buildOrganization, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/**
 * A user's own signature (docs/behaviour/email.md, "Your own signature"): any role reads and
 * sets their own, and only their own; the texts of the detail-built modes follow the rule
 * replies use; what is set is what the administrator's user form then shows.
 */
const t = useTestApp();
const URL = '/api/users/me/signature';

describe('GET and PUT /api/users/me/signature', () => {
  it('a plain user sets their own personalised signature; the texts of the other modes come with it', async () => {
    const org = await buildOrganization({ name: 'Clinique du Parc' });
    const user = await buildUser({ organizationId: org.id, firstName: 'Marie', lastName: 'Curie' });
    const headers = await signedInAs(user);

    const first = await t.app.inject({ method: 'GET', url: URL, headers });
    expect(first.statusCode).toBe(200);
    expect(first.json<OwnSignature>()).toMatchObject({
      mode: 'no-signature',
      content: '',
      texts: { user: expect.stringMatching(/^Marie Curie\nClinique du Parc\n/) as string },
    });
    expect(first.json<OwnSignature>().texts.clinic).toMatch(/^Clinique du Parc/);

    const put = await t.app.inject({
      method: 'PUT',
      url: URL,
      headers,
      payload: { mode: 'personalized-signature', content: 'Dre Marie Curie\nHygiéniste' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<OwnSignature>()).toMatchObject({
      mode: 'personalized-signature',
      content: 'Dre Marie Curie\nHygiéniste',
    });
    expect((await t.app.inject({ method: 'GET', url: URL, headers })).json<OwnSignature>()).toEqual(
      put.json<OwnSignature>(),
    );

    // The administrator's user form reads the same signature.
    const admin = await buildAdmin({ organizationId: org.id });
    const account = await t.app.inject({
      method: 'GET',
      url: `/api/users/${user.id}`,
      headers: await signedInAs(admin),
    });
    expect(account.json<UserAccount>().signature).toEqual({
      mode: 'personalized-signature',
      content: 'Dre Marie Curie\nHygiéniste',
    });
  });

  it('refuses an unknown mode, a text past 5,000 characters and unknown fields, changing nothing', async () => {
    const user = await buildUser();
    const headers = await signedInAs(user);
    for (const payload of [
      { mode: 'poster', content: '' },
      { mode: 'user', content: 'x'.repeat(5001) },
      { mode: 'user', content: '', userId: '00000000-0000-4000-8000-000000000000' },
      { mode: 'user' },
    ]) {
      const res = await t.app.inject({ method: 'PUT', url: URL, headers, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'validation-failed' });
    }
    expect((await t.app.inject({ method: 'GET', url: URL, headers })).json<OwnSignature>().mode).toBe(
      'no-signature',
    );
  });

  it('needs a session; one user’s change leaves another’s signature as it was', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'PUT', url: URL, payload: { mode: 'user', content: '' } })).statusCode,
    ).toBe(401);
    const org = await buildOrganization();
    const [a, b] = [await buildUser({ organizationId: org.id }), await buildUser({ organizationId: org.id })];
    await t.app.inject({
      method: 'PUT',
      url: URL,
      headers: await signedInAs(a),
      payload: { mode: 'clinic', content: '' },
    });
    const other = (
      await t.app.inject({ method: 'GET', url: URL, headers: await signedInAs(b) })
    ).json<OwnSignature>();
    expect(other.mode).toBe('no-signature');
  });
});

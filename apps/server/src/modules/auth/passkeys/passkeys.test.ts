import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeys } from '../../../db/schema/sign-in';
import { buildUser } from '../../../test/factories';
import { signedInAs } from '../../../test/signed-in';
import { softAuthenticator } from '../../../test/soft-authenticator';
import { useTestApp } from '../../../test/test-app';
import { providerOf } from './passkeys.presenter';

/* Passkeys through the API; the browser ceremony itself is the Playwright journey's (virtual authenticator). */

const t = useTestApp();

async function storedPasskey(user: { id: string; organizationId: string }) {
  const [row] = await t.deps.db
    .insert(passkeys)
    .values({
      organizationId: user.organizationId,
      userId: user.id,
      credentialId: crypto.randomUUID(),
      publicKey: 'AA',
      aaguid: 'ea9b8d66-4d01-1d21-3ce4-b6b48cb575d4',
    })
    .returning();
  return row!;
}

describe('passkeys', () => {
  it('registration options ask for a discoverable credential of this site, for the signed-in user', async () => {
    const user = await buildUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/options',
      headers: { ...(await signedInAs(user)), origin: 'http://localhost:5173' },
    });
    expect(res.statusCode).toBe(200);
    const { nonce, options } = res.json();
    expect(nonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: user.username },
      authenticatorSelection: { residentKey: 'required' },
    });
  });

  it('an answer that does not verify, or to an unknown challenge, is refused (passkey-invalid)', async () => {
    const headers = await signedInAs(await buildUser());
    const { nonce } = (
      await t.app.inject({ method: 'POST', url: '/api/auth/passkeys/options', headers })
    ).json();
    const bogus = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      clientExtensionResults: {},
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys',
      headers,
      payload: { nonce, response: bogus },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('passkey-invalid');
    // The challenge was used up by the failed answer.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/passkeys',
          headers,
          payload: { nonce, response: bogus },
        })
      ).json().code,
    ).toBe('passkey-invalid');
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/webauthn/verify',
      payload: { nonce: crypto.randomUUID(), response: bogus },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json().code).toBe('passkey-invalid');
  });

  it('a sign-in challenge for an unknown passkey is refused', async () => {
    const options = await t.app.inject({ method: 'POST', url: '/api/auth/login/webauthn/options' });
    expect(options.statusCode).toBe(200);
    const { nonce } = options.json();
    const answer = {
      id: 'unknown',
      rawId: 'unknown',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login/webauthn/verify',
      payload: { nonce, response: answer },
    });
    expect(res.json().code).toBe('passkey-invalid');
  });

  it("a sign-in stores the authenticator's new counter; an answer with a counter not above it is refused", async () => {
    const user = await buildUser();
    const key = softAuthenticator();
    const [row] = await t.deps.db
      .insert(passkeys)
      .values({
        organizationId: user.organizationId,
        userId: user.id,
        credentialId: key.credentialId,
        publicKey: key.publicKey,
        counter: 7,
        aaguid: '00000000-0000-0000-0000-000000000000',
      })
      .returning();
    const origin = 'http://localhost:5173';
    const signIn = async (counter: number) => {
      const { nonce, options } = (
        await t.app.inject({ method: 'POST', url: '/api/auth/login/webauthn/options', headers: { origin } })
      ).json<{ nonce: string; options: { challenge: string; rpId: string } }>();
      return t.app.inject({
        method: 'POST',
        url: '/api/auth/login/webauthn/verify',
        headers: { origin },
        payload: {
          nonce,
          response: key.answer({ challenge: options.challenge, rpID: options.rpId, origin, counter }),
        },
      });
    };
    const stored = async () => (await t.deps.db.select().from(passkeys).where(eq(passkeys.id, row!.id)))[0]!;

    const first = await signIn(12);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ user: { id: user.id } });
    expect(await stored()).toMatchObject({ counter: 12, lastUsedAt: expect.any(Date) });
    // A cloned authenticator replays a counter at or below the stored one.
    for (const counter of [9, 12]) {
      const replay = await signIn(counter);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toMatchObject({ code: 'passkey-invalid' });
    }
    expect((await stored()).counter).toBe(12);
    expect((await signIn(13)).statusCode).toBe(200);
    expect((await stored()).counter).toBe(13);
  });

  it("lists only the user's own passkeys, with the provider; deletes them; another user's is 404", async () => {
    const user = await buildUser();
    const colleague = await buildUser({ organizationId: user.organizationId });
    const outsider = await buildUser();
    const mine = await storedPasskey(user);
    const theirs = await storedPasskey(colleague);
    const headers = await signedInAs(user);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers })).json();
    expect(listed).toEqual([
      {
        id: mine.id,
        provider: 'Google Password Manager',
        createdAt: mine.createdAt.toISOString(),
        lastUsedAt: null,
      },
    ]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${theirs.id}`, headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/auth/passkeys/${mine.id}`,
          headers: await signedInAs(outsider),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${mine.id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers })).json()).toEqual([]);
  });

  it('names the provider from its AAGUID, or none', () => {
    expect(providerOf('EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4')).toBe('Google Password Manager');
    expect(providerOf('00000000-0000-0000-0000-000000000000')).toBeNull();
    expect(providerOf('12345678-1234-1234-1234-123456789abc')).toBeNull();
  });
});

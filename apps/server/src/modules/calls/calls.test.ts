import { VOICE_TOKEN_TTL_SECONDS, defaultOrganizationOptions, type VoiceToken } from '@accueil/domain';
import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { verifySandboxVoiceToken } from '../../carriers/voice/sandbox/sandbox-voice-carrier';
import { authHeader, buildOrganization, buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const TWILIO = {
  accountSid: 'AC' + 'a'.repeat(32),
  apiKeySid: 'SK' + 'b'.repeat(32),
  apiKeySecret: 'twilio-api-key-secret-for-tests',
  twimlAppSid: 'AP' + 'c'.repeat(32),
};

describe('voice tokens, sandbox carrier (the default)', () => {
  const t = useTestApp();

  it.each(['/api/voice/v1/tokens', '/api/voice/v1/tokens/refresh'])(
    '%s gives a member a token naming their id, valid an hour, never cached',
    async (url) => {
      const user = await buildUser();
      const res = await t.app.inject({ method: 'GET', url, headers: await signedInAs(user) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const token = res.json<VoiceToken>();
      expect(token).toMatchObject({ identity: user.id, carrier: 'sandbox' });
      expect(await verifySandboxVoiceToken(t.deps.config.JWT_SECRET!, token.jwt)).toBe(user.id);
      const claims = decodeJwt(token.jwt);
      expect(claims.exp! - claims.iat!).toBe(VOICE_TOKEN_TTL_SECONDS);
      expect(Date.parse(token.expiresAt) / 1000).toBe(claims.exp);
    },
  );

  it('a voice token is not a session: the API refuses it as a bearer token', async () => {
    const user = await buildUser();
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers: await signedInAs(user) })
    ).json<VoiceToken>();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/voice/v1/tokens',
      headers: authHeader(token.jwt),
    });
    expect(res.statusCode).toBe(401);
  });

  it('a session token is not a voice token, and a token signed with another secret is refused', async () => {
    const user = await buildUser();
    const session = (await signedInAs(user)).authorization.replace(/^Bearer /, '');
    await expect(verifySandboxVoiceToken(t.deps.config.JWT_SECRET!, session)).rejects.toThrow();
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers: await signedInAs(user) })
    ).json<VoiceToken>();
    await expect(
      verifySandboxVoiceToken('another-secret-another-secret-another-secret', token.jwt),
    ).rejects.toThrow();
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens' })).statusCode).toBe(401);
  });

  it('answers 403 calls-disabled when the organisation has web calls off', async () => {
    const options = defaultOrganizationOptions();
    options.twilio.webCallsEnabled = false;
    const organization = await buildOrganization({ options });
    const user = await buildUser({ organizationId: organization.id });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/voice/v1/tokens',
      headers: await signedInAs(user),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'calls-disabled' });
  });
});

describe('voice tokens, Twilio carrier', () => {
  const t = useTestApp({
    VOICE_CARRIER: 'twilio',
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_API_KEY_SID: TWILIO.apiKeySid,
    TWILIO_API_KEY_SECRET: TWILIO.apiKeySecret,
    TWILIO_TWIML_APP_SID: TWILIO.twimlAppSid,
    TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
    PUBLIC_URL: 'https://accueil.example.test',
  });

  it("is Twilio's access token: signed with the API key's secret, a voice grant for the user's identity through the TwiML application", async () => {
    const user = await buildUser();
    const token = (
      await t.app.inject({ method: 'GET', url: '/api/voice/v1/tokens', headers: await signedInAs(user) })
    ).json<VoiceToken>();
    expect(token).toMatchObject({ identity: user.id, carrier: 'twilio' });
    expect(decodeProtectedHeader(token.jwt)).toMatchObject({ alg: 'HS256', cty: 'twilio-fpa;v=1' });
    const { payload } = await jwtVerify(token.jwt, new TextEncoder().encode(TWILIO.apiKeySecret));
    expect(payload).toMatchObject({
      iss: TWILIO.apiKeySid,
      sub: TWILIO.accountSid,
      grants: {
        identity: user.id,
        voice: { incoming: { allow: true }, outgoing: { application_sid: TWILIO.twimlAppSid } },
      },
    });
    expect(payload.exp! - payload.iat!).toBe(VOICE_TOKEN_TTL_SECONDS);
  });
});

import { ACCESS_TOKEN_TTL_S } from '@accueil/domain';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_CLOCK_TOLERANCE_S, readAccessToken, signAccessToken } from './access-token';

const SECRET = 'access-token-test-secret-access-token-test';
const CLAIMS = {
  sub: '00000000-0000-4000-8000-000000000001',
  sid: '00000000-0000-4000-8000-000000000002',
  org: '00000000-0000-4000-8000-000000000003',
};
const DAY_S = 86_400;

/** Signs the claims with the right key, `iat`/`exp` as given (epoch seconds; null leaves the claim out). */
function token(times: { iat: number | null; exp: number | null }): Promise<string> {
  const jwt = new SignJWT({ sid: CLAIMS.sid, org: CLAIMS.org })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(CLAIMS.sub);
  if (times.iat !== null) jwt.setIssuedAt(times.iat);
  if (times.exp !== null) jwt.setExpirationTime(times.exp);
  return jwt.sign(new TextEncoder().encode(SECRET));
}

const now = () => Math.floor(Date.now() / 1000);

describe('readAccessToken', () => {
  it('accepts a token it signed, and one a few seconds off within the clock tolerance', async () => {
    await expect(readAccessToken(SECRET, await signAccessToken(SECRET, CLAIMS))).resolves.toMatchObject(
      CLAIMS,
    );
    const t = now();
    await expect(
      readAccessToken(SECRET, await token({ iat: t + 2, exp: t + 2 + ACCESS_TOKEN_TTL_S })),
    ).resolves.toMatchObject(CLAIMS);
    await expect(
      readAccessToken(SECRET, await token({ iat: t - ACCESS_TOKEN_TTL_S, exp: t - 2 })),
    ).resolves.toMatchObject(CLAIMS);
  });

  it('refuses a token without exp', async () => {
    await expect(readAccessToken(SECRET, await token({ iat: now(), exp: null }))).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('refuses a token without iat', async () => {
    await expect(readAccessToken(SECRET, await token({ iat: null, exp: now() + 60 }))).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('refuses a token whose exp has passed by more than the tolerance', async () => {
    const t = now();
    await expect(
      readAccessToken(SECRET, await token({ iat: t - ACCESS_TOKEN_TTL_S - 60, exp: t - 60 })),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a token issued in the future (iat beyond the tolerance)', async () => {
    const t = now();
    await expect(
      readAccessToken(SECRET, await token({ iat: t + 60, exp: t + 60 + ACCESS_TOKEN_TTL_S })),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a token with an exp further than its TTL after its iat (it would outlive the TTL)', async () => {
    const t = now();
    await expect(
      readAccessToken(SECRET, await token({ iat: t - ACCESS_TOKEN_TTL_S - 60, exp: t + DAY_S })),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('keeps the clock tolerance to seconds: a token expired an hour or a day ago is refused', async () => {
    expect(ACCESS_TOKEN_CLOCK_TOLERANCE_S).toBeGreaterThan(0);
    expect(ACCESS_TOKEN_CLOCK_TOLERANCE_S).toBeLessThanOrEqual(30);
    const t = now();
    for (const ago of [3600, DAY_S, 10 * DAY_S]) {
      await expect(
        readAccessToken(SECRET, await token({ iat: t - ago - ACCESS_TOKEN_TTL_S, exp: t - ago })),
      ).rejects.toMatchObject({ code: 'unauthorized' });
    }
  });

  it('refuses a token signed with another key', async () => {
    await expect(
      readAccessToken(SECRET, await signAccessToken(`${SECRET}-other`, CLAIMS)),
    ).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('refuses a token signed with the right key under another algorithm than HS256', async () => {
    const t = now();
    for (const alg of ['HS384', 'HS512']) {
      const other = await new SignJWT({ sid: CLAIMS.sid, org: CLAIMS.org })
        .setProtectedHeader({ alg })
        .setSubject(CLAIMS.sub)
        .setIssuedAt(t)
        .setExpirationTime(t + ACCESS_TOKEN_TTL_S)
        .sign(new TextEncoder().encode(SECRET));
      await expect(readAccessToken(SECRET, other)).rejects.toMatchObject({ code: 'unauthorized' });
    }
  });

  it('refuses an unsecured token (alg none) and a token that is not one', async () => {
    const t = now();
    const unsecured = new UnsecuredJWT({ sid: CLAIMS.sid, org: CLAIMS.org })
      .setSubject(CLAIMS.sub)
      .setIssuedAt(t)
      .setExpirationTime(t + ACCESS_TOKEN_TTL_S)
      .encode();
    for (const bad of [unsecured, 'not-a-token', `${await signAccessToken(SECRET, CLAIMS)}x`])
      await expect(readAccessToken(SECRET, bad)).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('signs tokens that end ACCESS_TOKEN_TTL_S after they are issued, for the session and organisation given', async () => {
    const signed = await signAccessToken(SECRET, CLAIMS);
    const payload = JSON.parse(Buffer.from(signed.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(payload).toMatchObject({ sub: CLAIMS.sub, sid: CLAIMS.sid, org: CLAIMS.org });
    expect(Number(payload.exp) - Number(payload.iat)).toBe(ACCESS_TOKEN_TTL_S);
    expect(JSON.parse(Buffer.from(signed.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'HS256' });
  });
});

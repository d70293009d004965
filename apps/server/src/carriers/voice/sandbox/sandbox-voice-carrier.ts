import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { CarrierVendor } from '../../carrier-slot';
import type { VoiceAccessToken, VoiceCarrier } from '../voice-carrier';

/** Audience of the sandbox's voice tokens: never accepted where an access token is expected. */
export const SANDBOX_VOICE_AUDIENCE = 'accueil-sandbox-voice';

/**
 * The sandbox's voice tokens are signed with a key derived from the app's secret for this use
 * only, so one can never pass for a session's access token (nor the reverse).
 */
function voiceKey(appSecret: string): Uint8Array {
  return createHmac('sha256', appSecret).update('accueil sandbox voice token').digest();
}

/**
 * The sandbox voice carrier (`VOICE_CARRIER=sandbox`, the default): the app is its own voice
 * network, so its tokens are the app's own JWTs (HS256, audience SANDBOX_VOICE_AUDIENCE,
 * subject the identity, a voice grant) that its signalling checks with `verifySandboxVoiceToken`.
 */
export function createSandboxVoiceCarrier(appSecret: string): VoiceCarrier {
  const key = voiceKey(appSecret);
  return {
    name: 'sandbox',
    async issueAccessToken(identity: string, ttlSeconds: number, now: Date = new Date()): Promise<VoiceAccessToken> {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = new Date((issuedAt + ttlSeconds) * 1000);
      const jwt = await new SignJWT({ grants: { voice: { incoming: true, outgoing: true } } })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(identity)
        .setAudience(SANDBOX_VOICE_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ttlSeconds)
        .sign(key);
      return { jwt, identity, expiresAt };
    },
  };
}

/**
 * The identity a sandbox voice token names.
 * @throws Error (jose's) when the token is forged, expired, or not a sandbox voice token.
 */
export async function verifySandboxVoiceToken(appSecret: string, jwt: string): Promise<string> {
  const { payload } = await jwtVerify(jwt, voiceKey(appSecret), { audience: SANDBOX_VOICE_AUDIENCE, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
  return payload.sub as string;
}

/** The sandbox voice vendor: signs with the app's resolved secret (`JWT_SECRET`). */
export const sandboxVoiceVendor: CarrierVendor<VoiceCarrier> = {
  name: 'sandbox',
  create({ config }) {
    if (!config.JWT_SECRET) throw new Error('The sandbox voice carrier needs the resolved JWT_SECRET');
    return { carrier: createSandboxVoiceCarrier(config.JWT_SECRET) };
  },
};

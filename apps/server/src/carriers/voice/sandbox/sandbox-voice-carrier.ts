import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import {
  CarrierError,
  SIP_LINE_UNREACHABLE,
  type CallInstruction,
  type VoiceAccessToken,
  type VoiceCarrier,
} from '../voice-carrier';

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
 * What the calls module asked of a live sandbox call, in order (the last 100 are kept, which the
 * tests read); the sandbox's media server carries it out (`onAction`).
 */
export type SandboxCallAction = { callSid: string; instruction: CallInstruction | { kind: 'hang-up' } };

/**
 * The sandbox voice carrier (`VOICE_CARRIER=sandbox`, the default): the app is its own voice
 * network, so its tokens are the app's own JWTs (HS256, audience SANDBOX_VOICE_AUDIENCE,
 * subject the identity, a voice grant) that its signalling checks with `verifySandboxVoiceToken`.
 * `redirect` and `hangUp` hand the action to `onAction` (the sandbox's switchboard and media
 * server move the live call: sandbox-voice-media.ts) and keep it in `actions`;
 * a SIP line no user has is a refusal (`permanent`, `SIP_LINE_UNREACHABLE`), and so is the
 * `CarrierError` `onAction` throws; any other error it throws is a `temporary` `CarrierError`.
 */
export function createSandboxVoiceCarrier(
  appSecret: string,
  onAction: (action: SandboxCallAction) => void = () => undefined,
): VoiceCarrier & { readonly actions: readonly SandboxCallAction[] } {
  const key = voiceKey(appSecret);
  const actions: SandboxCallAction[] = [];
  const act = (action: SandboxCallAction) => {
    if (action.instruction.kind === 'sip' && !action.instruction.userId) {
      return Promise.reject(
        new CarrierError(
          'permanent',
          `No user has the SIP line ${action.instruction.username}`,
          SIP_LINE_UNREACHABLE,
        ),
      );
    }
    try {
      onAction(action);
    } catch (error) {
      // The network refused it (e.g. nobody to ring on a SIP line): a rejection, as a vendor's,
      // in the closed set; any other failure of the simulated network is `temporary`.
      return Promise.reject(
        error instanceof CarrierError
          ? error
          : new CarrierError(
              'temporary',
              `The sandbox network could not move the call: ${error instanceof Error ? error.message : String(error)}`,
            ),
      );
    }
    actions.push(action);
    if (actions.length > 100) actions.shift();
    return Promise.resolve();
  };
  return {
    name: 'sandbox',
    actions,
    redirect: ({ callSid, instruction }) => act({ callSid, instruction }),
    hangUp: ({ callSid }) => act({ callSid, instruction: { kind: 'hang-up' } }),
    // The sandbox's voicemails are recorded by the app itself and kept as they end: nothing to fetch.
    fetchRecording: () => Promise.resolve(null),
    async issueAccessToken(
      identity: string,
      ttlSeconds: number,
      now: Date = new Date(),
    ): Promise<VoiceAccessToken> {
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
  return (await readSandboxVoiceToken(appSecret, jwt)).identity;
}

/**
 * The identity a sandbox voice token names and when the token ends (the switchboard keeps a
 * device registered until then).
 * @throws Error (jose's) when the token is forged, expired, or not a sandbox voice token.
 */
export async function readSandboxVoiceToken(
  appSecret: string,
  jwt: string,
): Promise<{ identity: string; expiresAt: Date }> {
  const { payload } = await jwtVerify(jwt, voiceKey(appSecret), {
    audience: SANDBOX_VOICE_AUDIENCE,
    algorithms: ['HS256'],
    requiredClaims: ['exp', 'sub'],
  });
  return { identity: payload.sub as string, expiresAt: new Date((payload.exp as number) * 1000) };
}

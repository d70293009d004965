import type { Locale } from '@accueil/domain';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { passkeys } from '../../../db/schema/sign-in';
import { withOrganization, withSystemAccess } from '../../../db/tenant-scope';
import { getUserContext, listUserSummaries } from '../../users/index';
import { completeSignIn, type SignInOutcome } from '../complete-sign-in';
import { passkeyInvalid, takeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { webAuthnLibrary } from './webauthn-library';

/**
 * POST /api/auth/login/webauthn/verify `{ nonce, response }`: verifies the passkey's answer to
 * a sign-in challenge against the stored public key (origin, RP id, challenge, signature
 * counter), records its use, then completes the sign-in like a password (machine gate,
 * hours, older sessions; `completeSignIn`). The passkey is found by its credential id under the
 * `sign-in` system access (no organisation is known yet); the rest runs in its organisation.
 * @throws AppError `passkey-invalid` (400) for an expired challenge, an unknown passkey, an
 *   answer that does not verify or a disabled account; `machine-not-allowed` (403).
 */
export async function signInWithPasskey(
  deps: AppDeps,
  input: {
    nonce: string;
    response: Record<string, unknown>;
    locale?: Locale;
    userAgent: string | null;
    deviceId: string;
  },
  party: RelyingParty,
): Promise<SignInOutcome> {
  const now = new Date();
  const response = input.response as unknown as AuthenticationResponseJSON;
  const { verifyAuthenticationResponse, isoBase64URL } = await webAuthnLibrary();
  const key = await withSystemAccess('sign-in', async () => {
    const challenge = await takeChallenge(deps.db, {
      nonce: input.nonce,
      purpose: 'sign-in',
      userId: null,
      now,
    });
    const [found] =
      typeof response.id === 'string'
        ? await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id))
        : [];
    if (!found) throw passkeyInvalid();
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: party.origins,
      expectedRPID: party.rpID,
      credential: {
        id: found.credentialId,
        publicKey: isoBase64URL.toBuffer(found.publicKey),
        counter: found.counter,
        transports: found.transports,
      },
      requireUserVerification: false,
    }).catch(() => null);
    if (!verified?.verified) throw passkeyInvalid();
    return { ...found, newCounter: verified.authenticationInfo.newCounter };
  });
  return withOrganization(key.organizationId, async () => {
    // A disabled account signs in no more, by passkey as by password.
    const [owner] = await listUserSummaries(deps, {
      organizationId: key.organizationId,
      userIds: [key.userId],
    });
    if (!owner || owner.disabled) throw passkeyInvalid();
    await deps.db
      .update(passkeys)
      .set({ counter: key.newCounter, lastUsedAt: now })
      .where(eq(passkeys.id, key.id));
    const { user } = await deps.db.transaction((tx) => getUserContext(deps, key.userId, tx));
    return completeSignIn(deps, {
      user: { id: key.userId, organizationId: key.organizationId, role: user.role },
      source: null,
      deviceId: input.deviceId,
      userAgent: input.userAgent,
      locale: input.locale,
    });
  });
}

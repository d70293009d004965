import type { WebauthnChallenge } from '@accueil/domain';
import type { AppDeps } from '../../../app-deps';
import { storeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { webAuthnLibrary } from './webauthn-library';

/**
 * POST /api/auth/login/webauthn/options: a sign-in challenge for any passkey of this site
 * (no credential list: the browser offers the discoverable passkeys it holds), and its nonce.
 */
export async function startPasskeySignIn(deps: AppDeps, party: RelyingParty): Promise<WebauthnChallenge> {
  const { generateAuthenticationOptions } = await webAuthnLibrary();
  const options = await generateAuthenticationOptions({ rpID: party.rpID, userVerification: 'preferred' });
  const nonce = await storeChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'sign-in',
    userId: null,
    now: new Date(),
  });
  return { nonce, options: options as unknown as Record<string, unknown> };
}

import type { WebauthnChallenge } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app-deps';
import { passkeys } from '../../../db/schema/sign-in';
import type { RequestContext } from '../../../http/request-context';
import { getUserContext } from '../../users/index';
import { storeChallenge } from './challenges';
import type { RelyingParty } from './relying-party';
import { webAuthnLibrary } from './webauthn-library';

/**
 * POST /api/auth/passkeys/options: the options to create a passkey for the signed-in user —
 * a discoverable credential (the sign-in page asks no username), user verification preferred,
 * no attestation, the user's existing passkeys excluded — and the nonce of their challenge.
 */
export async function startPasskeyRegistration(
  deps: AppDeps,
  ctx: RequestContext,
  party: RelyingParty,
): Promise<WebauthnChallenge> {
  const now = new Date();
  const { user } = await deps.db.transaction((tx) => getUserContext(deps, ctx.userId, tx));
  const existing = await deps.db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, ctx.userId));
  const { generateRegistrationOptions } = await webAuthnLibrary();
  const options = await generateRegistrationOptions({
    rpName: party.rpName,
    rpID: party.rpID,
    userName: user.username,
    userDisplayName: `${user.name.first} ${user.name.last}`.trim() || user.username,
    userID: new TextEncoder().encode(ctx.userId),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.id, transports: c.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const nonce = await storeChallenge(deps.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: ctx.userId,
    now,
  });
  return { nonce, options: options as unknown as Record<string, unknown> };
}

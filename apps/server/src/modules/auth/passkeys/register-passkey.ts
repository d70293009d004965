import type { Passkey } from '@accueil/domain';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import { recordEvent } from '../../../events/record-event';
import { transactionWithEvents } from '../../../events/transaction-with-events';
import type { AppDeps } from '../../../app-deps';
import { passkeys } from '../../../db/schema/sign-in';
import type { RequestContext } from '../../../http/request-context';
import { passkeyInvalid, takeChallenge } from './challenges';
import { presentPasskey } from './passkeys.presenter';
import type { RelyingParty } from './relying-party';
import { webAuthnLibrary } from './webauthn-library';

/**
 * POST /api/auth/passkeys `{ nonce, response }`: verifies the browser's answer to the user's
 * registration challenge (origin, RP id, challenge) and stores the passkey, audited
 * (`passkey.added`) from the domain event recorded in the same transaction.
 * @throws AppError `passkey-invalid` (400) for an expired or foreign challenge or an answer that
 *   does not verify (a passkey registered before answers the same).
 */
export async function registerPasskey(
  deps: AppDeps,
  ctx: RequestContext,
  input: { nonce: string; response: Record<string, unknown> },
  party: RelyingParty,
): Promise<Passkey> {
  const now = new Date();
  const challenge = await takeChallenge(deps.db, {
    nonce: input.nonce,
    purpose: 'register',
    userId: ctx.userId,
    now,
  });
  const { verifyRegistrationResponse, isoBase64URL } = await webAuthnLibrary();
  const verified = await verifyRegistrationResponse({
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: party.origins,
    expectedRPID: party.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verified?.verified) throw passkeyInvalid();
  const { credential, aaguid, credentialBackedUp } = verified.registrationInfo;
  const row = await transactionWithEvents(deps, async (tx) => {
    const [added] = await tx
      .insert(passkeys)
      .values({
        organizationId: ctx.organizationId,
        userId: ctx.userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        aaguid,
        backedUp: credentialBackedUp,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!added) throw passkeyInvalid('This passkey is already registered.');
    await recordEvent(tx, {
      name: 'passkey.added',
      organizationId: ctx.organizationId,
      actorUserId: ctx.userId,
      payload: { passkeyId: added.id, aaguid },
      occurredAt: now,
    });
    return added;
  });
  return presentPasskey(row);
}

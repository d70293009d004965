import { AppError, WEBAUTHN_CHALLENGE_TTL_MS } from '@accueil/domain';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { webauthnChallenges } from '../../../db/schema/sign-in';

/** A challenge is for registering a passkey (a signed-in user's) or for signing in with one. */
export type ChallengePurpose = 'register' | 'sign-in';

/** Stores a challenge the browser must answer within WEBAUTHN_CHALLENGE_TTL_MS; returns its nonce. */
export async function storeChallenge(
  db: DbOrTx,
  input: { challenge: string; purpose: ChallengePurpose; userId: string | null; now: Date },
): Promise<string> {
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, input.now));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      challenge: input.challenge,
      purpose: input.purpose,
      userId: input.userId,
      expiresAt: new Date(input.now.getTime() + WEBAUTHN_CHALLENGE_TTL_MS),
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Takes (deletes) the challenge of `nonce`, once: it must be unexpired, of `purpose` and, for a
 * registration, of `userId`.
 * @throws AppError `passkey-invalid` (400) otherwise.
 */
export async function takeChallenge(
  db: DbOrTx,
  input: { nonce: string; purpose: ChallengePurpose; userId: string | null; now: Date },
): Promise<string> {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, input.nonce),
        eq(webauthnChallenges.purpose, input.purpose),
        gt(webauthnChallenges.expiresAt, input.now),
      ),
    )
    .returning();
  if (!row || row.userId !== input.userId)
    throw passkeyInvalid('The passkey challenge has expired. Try again.');
  return row.challenge;
}

/** The refusal of a passkey answer that does not verify. */
export const passkeyInvalid = (message = 'The passkey could not be verified.') =>
  new AppError('passkey-invalid', message);

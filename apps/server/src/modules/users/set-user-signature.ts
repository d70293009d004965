import type { UserSignature } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/**
 * Stores a user's signature mode and personalised text (docs/behaviour/email.md, "Your own
 * signature"); true when the user is in the organisation (false: nothing changed).
 */
export async function setUserSignature(
  db: DbOrTx,
  organizationId: string,
  userId: string,
  signature: UserSignature,
): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ signatureMode: signature.mode, signature: signature.content })
    .where(and(eq(users.organizationId, organizationId), eq(users.id, userId)))
    .returning({ id: users.id });
  return updated.length > 0;
}

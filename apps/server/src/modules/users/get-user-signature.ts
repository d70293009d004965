import { signatureModeSchema, type SignatureMode } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/** What a user's e-mail signature is made of (docs/behaviour/email.md, "Signature"). */
export type UserSignatureSource = {
  firstName: string;
  lastName: string;
  email: string;
  profession: string;
  mode: SignatureMode;
  content: string;
};

/** The user's signature mode and the details it may show, or null for a user not in the organisation. */
export async function getUserSignatureSource(
  db: DbOrTx,
  organizationId: string,
  userId: string,
): Promise<UserSignatureSource | null> {
  const [row] = await db
    .select({
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profession: users.profession,
      mode: users.signatureMode,
      content: users.signature,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.organizationId, organizationId)));
  if (!row) return null;
  const mode = signatureModeSchema.safeParse(row.mode);
  return { ...row, mode: mode.success ? mode.data : 'no-signature' };
}

import { localeSchema, type Locale, type Role } from '@accueil/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { roleOf } from './users.service';

/** What a mail to a user needs of them: where, in which language, how to greet them, and how they sign in. */
export type MailRecipient = {
  id: string;
  organizationId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  locale: Locale;
  role: Role;
};

const recipientColumns = {
  id: users.id,
  organizationId: users.organizationId,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
  role: users.role,
};

type RecipientRow = { [K in keyof typeof recipientColumns]: string };
const toRecipient = (row: RecipientRow): MailRecipient => ({
  ...row,
  locale: localeSchema.catch('fr-CA').parse(row.locale),
  role: roleOf(row.role),
});

/** Most accounts one "password forgotten" request reaches (an e-mail address shared by several accounts). */
export const PASSWORD_RESET_MAX_ACCOUNTS = 5;

/**
 * The accounts a "password forgotten" request names: `login` is a username or an e-mail
 * address, both compared without case, across every organisation (the person is not signed
 * in). At most `PASSWORD_RESET_MAX_ACCOUNTS`.
 */
export async function findUsersByLogin(
  deps: Pick<AppDeps, 'db'>,
  login: string,
  tx: DbOrTx = deps.db,
): Promise<MailRecipient[]> {
  const needle = login.trim().toLowerCase();
  const rows = await tx
    .select(recipientColumns)
    .from(users)
    .where(sql`lower(${users.username}) = ${needle} OR lower(${users.email}) = ${needle}`)
    .orderBy(users.createdAt)
    .limit(PASSWORD_RESET_MAX_ACCOUNTS);
  return rows.map(toRecipient);
}

/** The user `userId` as a mail recipient, or null when there is none. */
export async function getMailRecipient(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  tx: DbOrTx = deps.db,
): Promise<MailRecipient | null> {
  const [row] = await tx.select(recipientColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row ? toRecipient(row) : null;
}

/** Stores a user's new password hash (`hashPassword` of the auth module made it, the rules checked). */
export async function setUserPasswordHash(
  deps: Pick<AppDeps, 'db'>,
  input: { userId: string; passwordHash: string },
  tx: DbOrTx = deps.db,
): Promise<void> {
  await tx.update(users).set({ passwordHash: input.passwordHash }).where(eq(users.id, input.userId));
}

import { AppError, type Locale, type Role } from '@accueil/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/users';

/** A user to create: names, unique username and e-mail, the hash of their password, role, locale, current team. */
export type NewUser = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  passwordHash: string;
  role: Role;
  locale: Locale;
  currentTeamId: string | null;
};

/** 'This username is already taken' (409 `username-taken`, `details.username`). */
export function usernameTaken(username: string): AppError {
  return new AppError('username-taken', 'This username is already taken', { username });
}

/**
 * Usernames are unique across the installation, case ignored (sign-in asks for no
 * organisation): the first of `usernames` another user of the caller's scope has is refused.
 * @throws AppError `username-taken` (409, `details.username`).
 */
export async function assertUsernamesFree(
  deps: Pick<AppDeps, 'db'>,
  usernames: readonly string[],
): Promise<void> {
  if (usernames.length === 0) return;
  const lower = usernames.map((u) => u.toLowerCase());
  const taken = await deps.db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) IN ${lower}`);
  const first = usernames.find((u) => taken.some((t) => t.username.toLowerCase() === u.toLowerCase()));
  if (first) throw usernameTaken(first);
}

/** True when `err` (or its cause: Drizzle wraps driver errors) is the unique violation of a username (`users_username_uq`). */
export function isUsernameViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && constraint === 'users_username_uq') return true;
  }
  return false;
}

/**
 * Creates users of one organisation inside the caller's transaction; returns their ids in order.
 * Usernames (unique across the installation: sign-in asks for no organisation) and e-mails
 * (unique in the organisation) are checked, case ignored, against the users `tx`'s scope sees;
 * the unique index `users_username_uq` still refuses another organisation's username.
 * @throws AppError `username-taken` (409, `details.username`) or `email-taken` (409, `details.email`).
 */
export async function createUsers(
  deps: Pick<AppDeps, 'db'>,
  tx: Tx,
  input: { organizationId: string; users: NewUser[] },
): Promise<string[]> {
  if (input.users.length === 0) return [];
  const lower = (values: string[]) => values.map((v) => v.toLowerCase());
  const taken = await tx
    .select({ username: users.username, email: users.email })
    .from(users)
    .where(
      sql`lower(${users.username}) IN ${lower(input.users.map((u) => u.username))} OR lower(${users.email}) IN ${lower(input.users.map((u) => u.email))}`,
    );
  for (const u of input.users) {
    if (taken.some((t) => t.username.toLowerCase() === u.username.toLowerCase())) {
      throw usernameTaken(u.username);
    }
    if (taken.some((t) => t.email.toLowerCase() === u.email.toLowerCase())) {
      throw new AppError('email-taken', 'This email is already in use', { email: u.email });
    }
  }
  const rows = await tx
    .insert(users)
    .values(input.users.map((u) => ({ ...u, organizationId: input.organizationId })))
    .returning({ id: users.id, username: users.username });
  const ids = new Map(rows.map((r) => [r.username, r.id]));
  return input.users.map((u) => ids.get(u.username)!);
}

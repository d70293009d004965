import { REFRESH_COOKIE_NAME, type LoginResponse, type Role } from '@accueil/domain';
import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { contacts, organizations, teamMembers, teams, users } from '../db/schema/index';
import type { AppInstance } from '../http/types';
import { hashPassword } from '../modules/auth/index';

/**
 * Test data written straight to the tables (a test tool, like the seed). Every call makes
 * unique rows, so tests sharing one database never see each other's data.
 */

export type OrganizationRow = typeof organizations.$inferSelect;
export type TeamRow = typeof teams.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
/** A user row plus the plain password it was created with (for `signIn`). */
export type TestUser = typeof users.$inferSelect & { password: string };

export const DEFAULT_TEST_PASSWORD = 'Test-Password-1!';

const hashes = new Map<string, Promise<string>>();
/** argon2 is slow on purpose: hash each distinct test password once per process. */
function cachedHash(password: string): Promise<string> {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
}

const suffix = () => randomUUID().slice(0, 8);

/** A random North American number +1 514 55x-xxxx (E.164). */
export function randomPhoneNumber(areaCode = '514'): string {
  return `+1${areaCode}55${randomInt(0, 100_000).toString().padStart(5, '0')}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
}

/** A new organisation (fr-CA, CA, America/Toronto unless overridden). */
export async function buildOrganization(db: Database, overrides: Partial<typeof organizations.$inferInsert> = {}): Promise<OrganizationRow> {
  const [row] = await db.insert(organizations).values({ name: `Org ${suffix()}`, ...overrides }).returning();
  return row!;
}

/** A team of the organisation with a random unique phone number (unless `phoneNumber` is given, or null). */
export async function buildTeam(
  db: Database,
  input: { organizationId: string; phoneNumber?: string | null; label?: string; main?: boolean },
): Promise<TeamRow> {
  for (let attempt = 0; ; attempt++) {
    const phoneNumber = input.phoneNumber !== undefined ? input.phoneNumber : randomPhoneNumber();
    try {
      const [row] = await db
        .insert(teams)
        .values({ organizationId: input.organizationId, label: input.label ?? `Team ${suffix()}`, phoneNumber, main: input.main ?? false })
        .returning();
      return row!;
    } catch (error) {
      if (input.phoneNumber !== undefined || attempt >= 20 || !isUniqueViolation(error)) throw error;
    }
  }
}

/**
 * A user of the organisation, member of `teamIds` (the first is their current team), with a
 * unique username and `password` (default `DEFAULT_TEST_PASSWORD`).
 */
export async function buildUser(
  db: Database,
  input: { organizationId: string; teamIds?: string[]; role?: Role; password?: string; username?: string; firstName?: string; lastName?: string },
): Promise<TestUser> {
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const teamIds = input.teamIds ?? [];
  const username = input.username ?? `user-${suffix()}`;
  const [row] = await db
    .insert(users)
    .values({
      organizationId: input.organizationId,
      username,
      email: `${username}@example.test`,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? username,
      passwordHash: await cachedHash(password),
      role: input.role ?? 'user',
      currentTeamId: teamIds[0] ?? null,
    })
    .returning();
  if (teamIds.length) {
    await db.insert(teamMembers).values(teamIds.map((teamId) => ({ organizationId: input.organizationId, teamId, userId: row!.id })));
  }
  return { ...row!, password };
}

/** A contact of the organisation (random +1 514 55x number unless `phone` is given). */
export async function buildContact(db: Database, input: Partial<typeof contacts.$inferInsert> & { organizationId: string }): Promise<ContactRow> {
  const [row] = await db
    .insert(contacts)
    .values({ firstName: 'Camille', lastName: `Contact ${suffix()}`, phone: randomPhoneNumber(), ...input })
    .returning();
  return row!;
}

/**
 * Signs in through POST /api/auth/login. Returns the access token, the refresh cookie as a
 * `cookie` header value (`accueil_refresh=…`) and the login answer.
 * @throws Error when the sign-in does not answer 200.
 */
export async function signIn(app: AppInstance, user: { username: string; password: string }): Promise<{ jwt: string; cookie: string; body: LoginResponse }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: user.username, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`signIn failed: ${res.statusCode} ${res.body}`);
  const body = res.json<LoginResponse>();
  const refresh = res.cookies.find((c) => c.name === REFRESH_COOKIE_NAME);
  if (!refresh) throw new Error('signIn: no refresh cookie');
  return { jwt: body.jwt, cookie: `${REFRESH_COOKIE_NAME}=${refresh.value}`, body };
}

/** `Authorization` header for an access token. */
export function authHeader(jwt: string): { authorization: string } {
  return { authorization: `Bearer ${jwt}` };
}

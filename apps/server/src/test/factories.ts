import { REFRESH_COOKIE_NAME, type LoginResponse, type PresenceStatus, type Role } from '@accueil/domain';
import { randomInt, randomUUID } from 'node:crypto';
import type { Database } from '../db/client';
import { contacts, organizations, teamMembers, teams, users } from '../db/schema/index';
import type { AppInstance } from '../http/types';
import { hashPassword } from '../modules/auth/index';

/**
 * Test data written straight to the tables (a test tool, like the seed). Every call makes
 * unique rows, so tests sharing one database never see each other's data. A factory builds
 * what it needs and is not given (a user without `organizationId` gets a new organisation with
 * a main team). Each writes to the database of the file's `useTestApp`, or to `db` when given
 * (files that build several apps).
 */

let factoryDb: Database | null = null;
let factorySecret: string | null = null;

/** Called by `useTestApp` once its app is built: the database the factories write to, and its JWT secret. */
export function setFactoryDatabase(db: Database, jwtSecret: string): void {
  factoryDb = db;
  factorySecret = jwtSecret;
}

/** The database a factory writes to: `db`, else the file's `useTestApp` app's. */
export function databaseOf(input: { db?: Database }): Database {
  const db = input.db ?? factoryDb;
  if (!db)
    throw new Error(
      'factories: pass `db`, or build the app with useTestApp (and call factories inside tests and hooks)',
    );
  return db;
}

/** The JWT secret of the file's `useTestApp` app (to sign a test session's token). */
export function factoryJwtSecret(): string {
  if (!factorySecret) throw new Error('factories: no app built with useTestApp; pass the app');
  return factorySecret;
}

/** Where a factory writes: the database of the file's `useTestApp` unless `db` is given. */
export type InDatabase = { db?: Database };

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
export async function buildOrganization(
  input: Partial<typeof organizations.$inferInsert> & InDatabase = {},
): Promise<OrganizationRow> {
  const { db, ...overrides } = input;
  const [row] = await databaseOf({ db })
    .insert(organizations)
    .values({ name: `Org ${suffix()}`, ...overrides })
    .returning();
  return row!;
}

/**
 * A team with a random unique phone number (unless `phoneNumber` is given, or null), of
 * `organizationId` or of a new organisation.
 */
export async function buildTeam(
  input: {
    organizationId?: string;
    phoneNumber?: string | null;
    label?: string;
    main?: boolean;
  } & InDatabase = {},
): Promise<TeamRow> {
  const db = databaseOf(input);
  const organizationId = input.organizationId ?? (await buildOrganization({ db })).id;
  for (let attempt = 0; ; attempt++) {
    const phoneNumber = input.phoneNumber !== undefined ? input.phoneNumber : randomPhoneNumber();
    try {
      const [row] = await db
        .insert(teams)
        .values({
          organizationId,
          label: input.label ?? `Team ${suffix()}`,
          phoneNumber,
          main: input.main ?? false,
        })
        .returning();
      return row!;
    } catch (error) {
      if (input.phoneNumber !== undefined || attempt >= 20 || !isUniqueViolation(error)) throw error;
    }
  }
}

/** What `buildUser` may be told; everything else is made up. */
export type BuildUserInput = {
  organizationId?: string;
  teamIds?: string[];
  role?: Role;
  password?: string;
  username?: string;
  firstName?: string;
  lastName?: string;
  /** Teams among `teamIds` that flag the user as their administrator. */
  administratorOf?: string[];
  /** Their presence (default offline, as a user with no browser connected). */
  status?: PresenceStatus;
  /** When an administrator disabled the account (default: active). */
  disabledAt?: Date;
} & InDatabase;

/**
 * A user, member of `teamIds` (the first is their current team), with a unique username and
 * `password` (default `DEFAULT_TEST_PASSWORD`). Without `organizationId`: of a new organisation,
 * member of its new main team (unless `teamIds` is given). With it and without `teamIds`: of no team.
 */
export async function buildUser(input: BuildUserInput = {}): Promise<TestUser> {
  const db = databaseOf(input);
  let organizationId = input.organizationId;
  let teamIds = input.teamIds ?? [];
  if (!organizationId) {
    organizationId = (await buildOrganization({ db })).id;
    if (!input.teamIds) teamIds = [(await buildTeam({ db, organizationId, main: true })).id];
  }
  const password = input.password ?? DEFAULT_TEST_PASSWORD;
  const username = input.username ?? `user-${suffix()}`;
  const [row] = await db
    .insert(users)
    .values({
      organizationId,
      username,
      email: `${username}@example.test`,
      firstName: input.firstName ?? 'Test',
      lastName: input.lastName ?? username,
      passwordHash: await cachedHash(password),
      role: input.role ?? 'user',
      status: input.status ?? 'offline',
      disabledAt: input.disabledAt ?? null,
      currentTeamId: teamIds[0] ?? null,
    })
    .returning();
  if (teamIds.length) {
    await db.insert(teamMembers).values(
      teamIds.map((teamId) => ({
        organizationId,
        teamId,
        userId: row!.id,
        isAdmin: input.administratorOf?.includes(teamId) ?? false,
      })),
    );
  }
  return { ...row!, password };
}

/** An administrator (`buildUser` with role `admin`). */
export function buildAdmin(input: Omit<BuildUserInput, 'role'> = {}): Promise<TestUser> {
  return buildUser({ ...input, role: 'admin' });
}

/** A contact (random +1 514 55x number unless `phone` is given), of `organizationId` or of a new organisation. */
export async function buildContact(
  input: Partial<typeof contacts.$inferInsert> & InDatabase = {},
): Promise<ContactRow> {
  const { db: given, ...values } = input;
  const db = databaseOf({ db: given });
  const organizationId = values.organizationId ?? (await buildOrganization({ db })).id;
  const [row] = await db
    .insert(contacts)
    .values({
      firstName: 'Camille',
      lastName: `Contact ${suffix()}`,
      phone: randomPhoneNumber(),
      ...values,
      organizationId,
    })
    .returning();
  return row!;
}

/**
 * Signs in through POST /api/auth/login. Returns the access token, the refresh cookie as a
 * `cookie` header value (`accueil_refresh=…`) and the login answer.
 * @throws Error when the sign-in does not answer 200.
 */
export async function signIn(
  app: AppInstance,
  user: { username: string; password: string },
): Promise<{ jwt: string; cookie: string; body: LoginResponse }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: user.username, password: user.password },
  });
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

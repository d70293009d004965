import { REFRESH_COOKIE_NAME } from '@accueil/domain';
import { signAccessToken } from '../../modules/auth/access-token';
import { accessTokenFor } from '../signed-in';
import {
  authHeader,
  buildContact,
  buildOrganization,
  buildTeam,
  buildUser,
  randomPhoneNumber,
  signIn,
  type TestUser,
} from '../factories';
import { createTestApp } from '../test-app';
import { answerOrHang } from './hostile-checks';
import type { HostileRequest } from './hostile-requests';
import { HOSTILE_STRINGS, percentEncode } from './hostile-values';
import type { KnownValues } from './schema-inputs';

/**
 * Stands for "a live conversation of the signed-in team" in generated inputs; `send` puts the
 * current one in its place, and a new one is started whenever a request deletes it.
 */
export const LIVE_CONVERSATION = '00000000-0000-4000-8000-00000000c0de';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** Starts a conversation of the signed-in team with a new number (its first message sent). */
async function startConversation(app: TestApp, jwt: string, to = randomPhoneNumber('438')): Promise<string> {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: authHeader(jwt),
    payload: { to, body: 'Bonjour' },
  });
  if (res.statusCode !== 201) throw new Error(`start conversation: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}

/** Cursors the list hands out (a page of one, active and archived), to send back mutated. */
async function listCursors(app: TestApp, jwt: string): Promise<string[]> {
  const cursors: string[] = [];
  for (const status of ['active', 'inactive']) {
    const page = await app.app.inject({
      method: 'GET',
      url: `/api/conversations?limit=1&status=${status}`,
      headers: authHeader(jwt),
    });
    const next = page.json<{ nextCursor: string | null }>().nextCursor;
    if (next) cursors.push(next);
  }
  if (!cursors.length) throw new Error('the conversation list handed out no cursor');
  return cursors;
}

/**
 * The world hostile requests are sent into: a test app (sandbox
 * carrier, send limits out of the way), two organisations with two teams, a contact and a
 * conversation each, a signed-in admin of the first (`jwt`), and the values generators use
 * (`known`: ids, phone numbers, user name and password, list cursors). `send` keeps the world
 * usable while requests sign out, delete conversations and switch teams.
 */
export class HostileWorld {
  private constructor(
    readonly app: TestApp,
    readonly known: KnownValues,
    readonly jwt: string,
    private readonly mainTeam: string,
    private readonly logoutUser: TestUser,
    private logoutJwt: string,
    private liveConversation: string,
  ) {}

  static async create(): Promise<HostileWorld> {
    // Rate limits are another test's subject: here they would only turn generated sends into 429s.
    const app = await createTestApp({
      SEND_RATE_LIMIT_PER_USER_PER_MINUTE: 1_000_000,
      SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: 1_000_000,
    });
    const db = app.deps.db;
    const strings: string[] = [LIVE_CONVERSATION];
    const admins: { user: TestUser; jwt: string; team: string }[] = [];
    for (let i = 0; i < 2; i++) {
      const org = await buildOrganization({ db: db });
      const teams = [
        await buildTeam({ db: db, organizationId: org.id, main: true }),
        await buildTeam({ db: db, organizationId: org.id }),
      ];
      const contact = await buildContact({ db: db, organizationId: org.id });
      const user = await buildUser({
        db: db,
        organizationId: org.id,
        role: 'admin',
        teamIds: teams.map((t) => t.id),
      });
      const { jwt } = await signIn(app.app, user);
      strings.push(
        org.id,
        user.id,
        contact.id,
        ...teams.map((t) => t.id),
        await startConversation(app, jwt, contact.phone!),
      );
      strings.push(contact.phone!, ...teams.map((t) => t.phoneNumber!), user.username);
      admins.push({ user, jwt, team: teams[0]!.id });
    }
    const main = admins[0]!;
    strings.push(main.user.password);
    // Sign-outs (revokeAll included) happen on a user of their own, so `jwt` stays valid.
    const logoutUser = await buildUser({
      db: db,
      organizationId: main.user.organizationId,
      teamIds: [main.team],
    });
    const live = await startConversation(app, main.jwt);
    const known = { strings, favourites: [LIVE_CONVERSATION], tokens: await listCursors(app, main.jwt) };
    return new HostileWorld(
      app,
      known,
      main.jwt,
      main.team,
      logoutUser,
      (await signIn(app.app, logoutUser)).jwt,
      live,
    );
  }

  /** Headers of a signed-out caller: none, junk, forged (other secret, alg none, cut) tokens, odd refresh cookies. */
  async signedOutHeaders(): Promise<Record<string, string>[]> {
    const claims = JSON.parse(Buffer.from(this.jwt.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      sid: string;
      org: string;
    };
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const otherSecret = await signAccessToken('another-secret-another-secret-another-secret', claims);
    return [
      {},
      { authorization: 'Bearer' },
      { authorization: 'Bearer garbage' },
      { authorization: `Bearer ${'a'.repeat(10_000)}` },
      { authorization: 'Basic dXNlcjpwYXNz' },
      { authorization: `Bearer ${part({ alg: 'none' })}.${part({ ...claims, exp: 4e9 })}.` },
      { authorization: `Bearer ${otherSecret}` },
      { authorization: `Bearer ${this.jwt.slice(0, -2)}` },
      { cookie: `${REFRESH_COOKIE_NAME}=${percentEncode(HOSTILE_STRINGS[9]!)}` },
      { cookie: `${REFRESH_COOKIE_NAME}=${'z'.repeat(5000)}; ${REFRESH_COOKIE_NAME}=x` },
    ];
  }

  /**
   * Sends a request (`LIVE_CONVERSATION` replaced by the live one), signed in as the admin or
   * as it is. Sign-outs use a session of their own (signed in again after each), a deleted live
   * conversation is replaced, and a team switch is switched back.
   * @throws Error when the app does not answer within `HUNG_REQUEST_MS`.
   */
  async send(raw: HostileRequest, signedIn: boolean) {
    const live = this.liveConversation;
    const swap = (text: string) => text.replaceAll(LIVE_CONVERSATION, live);
    const request = {
      ...raw,
      url: swap(raw.url),
      payload: typeof raw.payload === 'string' ? swap(raw.payload) : raw.payload,
    };
    const isLogout = request.url.startsWith('/api/auth/logout');
    const auth = signedIn ? authHeader(isLogout ? this.logoutJwt : this.jwt) : {};
    const headers = { ...request.headers, ...auth };
    const res = await answerOrHang(
      this.app.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers,
        payload: request.payload,
      }),
      request,
    );
    if (res.statusCode >= 300 || !signedIn) return res;
    // A new session without the sign-in route: generated requests may have restricted sign-in to
    // the organisation's machines, which would refuse this user's password sign-in.
    if (isLogout) this.logoutJwt = await accessTokenFor(this.logoutUser, this.app);
    if (request.method === 'DELETE' && request.url.includes(live))
      this.liveConversation = await startConversation(this.app, this.jwt);
    if (request.url.startsWith('/api/auth/user-group')) {
      await this.app.app.inject({
        method: 'PUT',
        url: '/api/auth/user-group',
        headers: authHeader(this.jwt),
        payload: { userGroup: this.mainTeam },
      });
    }
    return res;
  }

  /** A plain signed-in read, for "the app still answers afterwards". */
  get(url: string) {
    return this.app.app.inject({ method: 'GET', url, headers: authHeader(this.jwt) });
  }
}

import { asc, eq } from 'drizzle-orm';
import {
  appointments,
  availabilityCategories,
  contacts,
  conversations,
  messages,
  organizations,
  professionals,
  teams,
  users,
} from '../db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { DEMO_PASSWORD, seedDemo } from '../db/seed-demo';
import { buildCategory, buildProfessional } from '../test/agenda-factories';
import { authHeader, buildUser, signIn } from '../test/factories';
import { routeCatalogue } from '../test/hostile/route-catalogue';
import { ROUTE_EXPECTATIONS, urlOf, type OwnWorld } from '../test/route-expectations';
import { createScratchDatabase } from '../test/scratch-database';
import { asDatabaseOwner } from '../test/database-owner';
import { testConfig } from '../test/test-app';
import { organizationSnapshot } from '../test/organization-snapshot';

/**
 * Turns row-level security off on every table of the app's database (this file's own: a PGlite
 * copy, or the scratch PostgreSQL database), as its owner: then only each query's own
 * `organization_id` predicate keeps the organisations apart.
 */
async function disableRowLevelSecurity(db: BuiltApp['deps']['db']): Promise<void> {
  const tables = await asDatabaseOwner<{ name: string }>(
    db,
    `SELECT quote_ident(relname) AS name FROM pg_class
      WHERE relkind = 'r' AND relrowsecurity AND relnamespace = 'public'::regnamespace`,
  );
  if (tables.length < 10)
    throw new Error(`expected the tenant tables under row-level security, found ${tables.length}`);
  for (const { name } of tables) await asDatabaseOwner(db, `ALTER TABLE ${name} DISABLE ROW LEVEL SECURITY`);
}

/**
 * Tenant isolation over every route, on the demo installation: Clinique Démo's users call every
 * route — with their own rows, and with every id harvested from Notaires Tremblay in each path
 * parameter — and Notaires Tremblay's rows are never returned nor changed; a harvested id
 * answers 404 exactly as a missing one. The demo seed needs an empty database: on PostgreSQL
 * a fresh one is created (and dropped after).
 *
 * Run twice: with row-level security (tenant-isolation.test.ts), as in production, and with it
 * off (tenant-isolation-without-rls.test.ts), so that a query that dropped its own organisation
 * filter shows instead of being hidden by the policies.
 */
export function tenantIsolationSuite(options: { rowLevelSecurity: boolean }): void {
  let built: BuiltApp;
  let scratch: { url: string; drop: () => Promise<void> } | null = null;

  beforeAll(async () => {
    if (process.env.DATABASE_URL)
      scratch = await createScratchDatabase(process.env.DATABASE_URL, 'accueil_isolation');
    const url = scratch?.url;
    built = await buildApp(testConfig({ DATABASE_URL: url }));
    await built.app.ready();
    if (!options.rowLevelSecurity) await disableRowLevelSecurity(built.deps.db);
    await seedDemo(built.deps.db, { enabled: true });
  }, 120_000);

  afterAll(async () => {
    await built?.close();
    await scratch?.drop();
  });

  /** Routes whose answer is across organisations by design, with the reason. */
  const CROSS_ORGANISATION_BY_DESIGN: Record<string, string> = {
    'GET /api/sandbox/directory':
      'the simulated phone network lists every team number (sandbox carrier only)',
    'GET /api/devops/organizations': 'the devops panel lists every organisation (devops only)',
    'POST /api/devops/impersonations':
      'devops act in another organisation on purpose (time-limited, audited)',
  };

  describe(`tenant isolation over every route (demo organisations${options.rowLevelSecurity ? '' : ', row-level security off'})`, () => {
    it("never returns nor changes the other organisation's rows; its ids answer 404", async () => {
      const db = built.deps.db;
      const [clinic] = await db.select().from(organizations).where(eq(organizations.name, 'Clinique Démo'));
      const [notary] = await db
        .select()
        .from(organizations)
        .where(eq(organizations.name, 'Notaires Tremblay'));
      // The demo's notary has no agenda: give it a professional with a category to harvest.
      const notaryProfessional = await buildProfessional({ db, organizationId: notary!.id });
      await buildCategory({ db, organizationId: notary!.id, professionalId: notaryProfessional.id });
      const before = await organizationSnapshot(built.deps.db, notary!.id);
      const foreign = {
        conversations: (
          await db
            .select({ id: conversations.id })
            .from(conversations)
            .where(eq(conversations.organizationId, notary!.id))
        ).map((r) => r.id),
        messages: (
          await db.select({ id: messages.id }).from(messages).where(eq(messages.organizationId, notary!.id))
        ).map((r) => r.id),
        contacts: await db
          .select({ id: contacts.id, phone: contacts.phone })
          .from(contacts)
          .where(eq(contacts.organizationId, notary!.id)),
        teams: (
          await db.select({ id: teams.id }).from(teams).where(eq(teams.organizationId, notary!.id))
        ).map((r) => r.id),
        users: (
          await db.select({ id: users.id }).from(users).where(eq(users.organizationId, notary!.id))
        ).map((r) => r.id),
        professionals: (
          await db
            .select({ id: professionals.id })
            .from(professionals)
            .where(eq(professionals.organizationId, notary!.id))
        ).map((r) => r.id),
        categories: (
          await db
            .select({ id: availabilityCategories.id })
            .from(availabilityCategories)
            .where(eq(availabilityCategories.organizationId, notary!.id))
        ).map((r) => r.id),
        appointments: (
          await db
            .select({ id: appointments.id })
            .from(appointments)
            .where(eq(appointments.organizationId, notary!.id))
        ).map((r) => r.id),
      };
      const agendaIds = [...foreign.professionals, ...foreign.categories, ...foreign.appointments];
      const foreignIds = [
        notary!.id,
        ...foreign.conversations,
        ...foreign.messages,
        ...foreign.contacts.map((c) => c.id),
        ...foreign.teams,
        ...foreign.users,
        ...agendaIds,
      ];
      // A sample of each kind keeps the run short; every kind is tried in every path parameter.
      const harvested = [
        notary!.id,
        ...foreign.conversations.slice(0, 3),
        ...foreign.messages.slice(0, 2),
        ...foreign.contacts.slice(0, 2).map((c) => c.id),
        ...foreign.teams,
        ...foreign.users,
        ...foreign.professionals.slice(0, 1),
        ...foreign.categories.slice(0, 1),
        ...foreign.appointments.slice(0, 1),
      ];

      const [clinicTeam] = await db
        .select()
        .from(teams)
        .where(eq(teams.organizationId, clinic!.id))
        .orderBy(asc(teams.phoneNumber));
      const [clinicConversation] = await db
        .select()
        .from(conversations)
        .where(eq(conversations.teamId, clinicTeam!.id))
        .limit(1);
      // The target of the user management routes: a user of the clinic none of the callers is.
      const target = await buildUser({
        db,
        organizationId: clinic!.id,
        teamIds: [clinicTeam!.id],
        role: 'user',
      });
      const leaks: string[] = [];
      const wrong: string[] = [];
      const routes = routeCatalogue(built.app).filter((r) => r.method !== 'HEAD');
      const unknown = routes.map((r) => `${r.method} ${r.path}`).filter((k) => !(k in ROUTE_EXPECTATIONS));
      expect(
        unknown,
        "routes without an expectation: add each to its area's table in apps/server/src/test/route-expectations/ (merged by route-expectations.ts)",
      ).toEqual([]);
      for (const username of ['admin', 'agent', 'devops']) {
        for (const route of routes) {
          const key = `${route.method} ${route.path}`;
          const expectation = ROUTE_EXPECTATIONS[key]!;
          const session = await signIn(built.app, { username, password: DEMO_PASSWORD });
          const [me] = await db.select().from(users).where(eq(users.username, username));
          const world: OwnWorld = {
            organizationId: clinic!.id,
            teamId: clinicTeam!.id,
            teamNumber: clinicTeam!.phoneNumber!,
            conversationId: clinicConversation!.id,
            userId: me!.id,
            otherUserId: target.id,
            username,
            password: DEMO_PASSWORD,
            refreshCookie: session.cookie,
          };
          const own = expectation.request?.(world) ?? {};
          const headers = { ...own.headers, ...authHeader(session.jwt) };
          // With its own rows: nothing of the other organisation in the answer.
          const res = await built.app.inject({
            method: route.method as 'GET',
            url: urlOf(route.path, own),
            headers,
            ...(own.payload === undefined ? {} : { payload: own.payload as object }),
          });
          if (!(key in CROSS_ORGANISATION_BY_DESIGN) && foreignIds.some((id) => res.body.includes(id)))
            leaks.push(`${key} as ${username}: answer holds a Notaires Tremblay id`);
          // With the other organisation's ids in its path parameters: 404.
          if (!route.path.includes('{') || key in CROSS_ORGANISATION_BY_DESIGN) continue;
          for (const id of harvested) {
            const idParams = expectation.rowIdParams ?? Object.keys(own.params ?? {});
            if (idParams.length === 0) continue;
            const params = { ...own.params, ...Object.fromEntries(idParams.map((name) => [name, id])) };
            const call = await built.app.inject({
              method: route.method as 'GET',
              url: urlOf(route.path, { ...own, params }),
              headers,
              ...(own.payload === undefined ? {} : { payload: own.payload as object }),
            });
            const allowed = expectation.allow === 'public' || expectation.allow.includes(me!.role as never);
            // A role the route refuses may be told 403 (its role) or 404 (the row): either way nothing.
            const expected = allowed ? [404] : [403, 404];
            if (!expected.includes(call.statusCode))
              wrong.push(
                `${key} as ${username} with ${id}: ${call.statusCode} (expected ${expected.join(' or ')}) ${call.body.slice(0, 100)}`,
              );
            if (foreignIds.some((f) => call.body.includes(f) && f !== id))
              leaks.push(`${key} as ${username} with ${id}: answer holds another Notaires Tremblay id`);
          }
        }
      }
      // Ids in a body: switching to the other organisation's team is refused the same way.
      const admin = await signIn(built.app, { username: 'admin', password: DEMO_PASSWORD });
      for (const teamId of foreign.teams) {
        const res = await built.app.inject({
          method: 'PUT',
          url: '/api/auth/user-group',
          headers: authHeader(admin.jwt),
          payload: { userGroup: teamId },
        });
        if (res.statusCode !== 404) wrong.push(`PUT /api/auth/user-group with ${teamId}: ${res.statusCode}`);
      }
      // A number of the other organisation's contacts looks up nothing of theirs.
      for (const contact of foreign.contacts.slice(0, 3)) {
        const res = await built.app.inject({
          method: 'GET',
          url: `/api/conversations/lookup?phone=${encodeURIComponent(contact.phone!)}`,
          headers: authHeader(admin.jwt),
        });
        if (foreignIds.some((id) => res.body.includes(id)))
          leaks.push(`lookup of ${contact.phone}: answer holds a Notaires Tremblay id`);
      }
      expect(wrong).toEqual([]);
      expect(leaks).toEqual([]);
      expect(await organizationSnapshot(built.deps.db, notary!.id)).toBe(before);
    }, 240_000);
  });
}

import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildConversation, buildInbox } from '../test/conversation-factories';
import { buildContact } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { executePrepared } from './prepared';
import { contacts } from './schema/index';
import { APP_ROLE, withOrganization, withoutTenant, withSystemAccess } from './tenant-scope';

const t = useTestApp();

/** Every table of the app that holds tenant-owned rows: an `organization_id` column, or the organisations themselves. */
async function tenantTables(): Promise<string[]> {
  const { rows } = (await t.deps.db.execute(sql`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      AND (c.relname = 'organizations' OR EXISTS (
        SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped))
    ORDER BY 1`)) as { rows: { name: string }[] };
  return rows.map((r) => r.name);
}

/** The organisation column of `table` (the organisations' own id). */
const organizationColumn = (table: string) => (table === 'organizations' ? 'id' : 'organization_id');

/** `organization_id` of every row of `table` the caller's scope lets through, with no predicate of ours. */
async function visibleOrganizations(table: string): Promise<string[]> {
  const { rows } = (await t.deps.db.execute(
    sql.raw(`SELECT ${organizationColumn(table)}::text AS org FROM "${table}"`),
  )) as { rows: { org: string }[] };
  return rows.map((r) => r.org);
}

/** Two organisations with a team, a member signed in, contacts and a conversation with messages. */
async function twoOrganizations() {
  const build = async () => {
    const inbox = await buildInbox();
    await buildContact({ organizationId: inbox.org.id });
    await buildConversation({
      organizationId: inbox.org.id,
      teamId: inbox.team.id,
      messageBodies: ['Bonjour'],
    });
    return inbox.org.id;
  };
  return { a: await build(), b: await build() };
}

describe('row-level security', () => {
  it('is enabled and forced, with a policy, on every table holding tenant rows (tables added later included)', async () => {
    const tables = await tenantTables();
    expect(tables).toEqual(
      expect.arrayContaining([
        'call_recordings',
        'calls',
        'contacts',
        'conversations',
        'messages',
        'organizations',
        'queue_calls',
        'refresh_tokens',
        'sessions',
        'team_members',
        'teams',
        'users',
      ]),
    );
    const { rows } = (await t.deps.db.execute(sql`
      SELECT c.relname AS name, c.relrowsecurity AS enabled, c.relforcerowsecurity AS forced,
        (SELECT count(*)::int FROM pg_policies p WHERE p.schemaname = 'public' AND p.tablename = c.relname AND ${APP_ROLE} = ANY (p.roles)) AS policies
      FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relname IN (${sql.join(
        tables.map((name) => sql`${name}`),
        sql`, `,
      )})
      ORDER BY 1`)) as { rows: { name: string; enabled: boolean; forced: boolean; policies: number }[] };
    expect(rows.filter((r) => !r.enabled || !r.forced || r.policies < 1).map((r) => r.name)).toEqual([]);
    expect(rows).toHaveLength(tables.length);
  });

  it("reads the request's organisation once per query in every policy, not once per row", async () => {
    const { rows } = (await t.deps.db.execute(sql`
      SELECT tablename AS name, qual, with_check AS "withCheck" FROM pg_policies
      WHERE schemaname = 'public' AND ${APP_ROLE} = ANY (roles) ORDER BY 1`)) as {
      rows: { name: string; qual: string; withCheck: string | null }[];
    };
    expect(rows.length).toBeGreaterThan(30);
    // An InitPlan: the functions called inside a sub-select, in the USING and WITH CHECK rules alike.
    const perRow = rows.filter((r) =>
      [r.qual, r.withCheck ?? ''].some((rule) =>
        /(?<!SELECT )accueil_(organization_id|system_access)\(\)/.test(rule),
      ),
    );
    expect(perRow.map((r) => r.name)).toEqual([]);
  });

  it('runs the app as a role that is no superuser and cannot bypass row-level security', async () => {
    const [who] = (await withOrganization(crypto.randomUUID(), () =>
      executePrepared(
        t.deps.db,
        'rls_probe_role',
        sql`SELECT current_user AS name, r.rolsuper, r.rolbypassrls FROM pg_roles r WHERE r.rolname = current_user`,
      ),
    )) as { name: string; rolsuper: boolean; rolbypassrls: boolean }[];
    expect(who).toEqual({ name: APP_ROLE, rolsuper: false, rolbypassrls: false });
  });

  it("a query without the organisation predicate returns only the current organisation's rows, of every tenant table", async () => {
    const { a, b } = await twoOrganizations();
    const tables = await tenantTables();
    for (const table of tables) {
      const seen = await withOrganization(a, () => visibleOrganizations(table));
      expect({ table, others: seen.filter((org) => org !== a) }).toEqual({ table, others: [] });
    }
    // The rows exist: named system access sees both organisations.
    for (const table of [
      'organizations',
      'users',
      'teams',
      'team_members',
      'sessions',
      'contacts',
      'conversations',
      'messages',
    ]) {
      const all = await withSystemAccess('test-fixture', () => visibleOrganizations(table));
      expect({ table, a: all.includes(a), b: all.includes(b) }).toEqual({ table, a: true, b: true });
      const mine = await withOrganization(a, () => visibleOrganizations(table));
      expect({ table, a: mine.includes(a) }).toEqual({ table, a: true });
    }
  });

  it('runs a query builder handed back unawaited in the scope it was built in, not in the caller’s', async () => {
    const { a, b } = await twoOrganizations();
    // A Drizzle builder runs when awaited: here outside withSystemAccess / withOrganization.
    const everyone = await withoutTenant(() =>
      withSystemAccess('test-fixture', () =>
        t.deps.db.select({ organizationId: contacts.organizationId }).from(contacts),
      ),
    );
    const seen = new Set(everyone.map((r) => r.organizationId));
    expect({ a: seen.has(a), b: seen.has(b) }).toEqual({ a: true, b: true });
    const mine = await withoutTenant(() =>
      withOrganization(a, () => t.deps.db.select({ organizationId: contacts.organizationId }).from(contacts)),
    );
    expect(new Set(mine.map((r) => r.organizationId))).toEqual(new Set([a]));
  });

  it('shows no tenant row at all when no organisation is set (fails closed)', async () => {
    await twoOrganizations();
    for (const table of await tenantTables()) {
      expect({ table, rows: await withoutTenant(() => visibleOrganizations(table)) }).toEqual({
        table,
        rows: [],
      });
    }
  });

  it("refuses to write a row into another organisation, and to change another organisation's rows", async () => {
    const { a, b } = await twoOrganizations();
    // Drizzle's builders run when awaited: inside the scope's callback.
    const write = withOrganization(a, async () => {
      await t.deps.db
        .insert(contacts)
        .values({ organizationId: b, firstName: 'Intrus', lastName: 'X', phone: '+15145550000' });
    });
    await expect(write).rejects.toMatchObject({ cause: expect.objectContaining({ code: '42501' }) });
    const moved = await withOrganization(
      a,
      async () =>
        await t.deps.db
          .update(contacts)
          .set({ firstName: 'Changé' })
          .where(sql`${contacts.organizationId} = ${b}`)
          .returning(),
    );
    expect(moved).toEqual([]);
  });

  it('keeps each caller in its own scope when statements and transactions of two organisations interleave', async () => {
    const { a, b } = await twoOrganizations();
    const reader = (org: string) =>
      withOrganization(org, async () => {
        const seen: string[] = [];
        for (let i = 0; i < 10; i++) {
          seen.push(...(await visibleOrganizations('conversations')));
          const inTx = await t.deps.db.transaction(async (tx) => {
            const { rows } = (await tx.execute(
              sql`SELECT organization_id::text AS org FROM conversations`,
            )) as { rows: { org: string }[] };
            return rows.map((r) => r.org);
          });
          seen.push(...inTx);
          const prepared = await executePrepared(
            t.deps.db,
            'rls_probe_conversations',
            sql`SELECT organization_id::text AS org FROM conversations`,
          );
          seen.push(...prepared.map((r) => String(r.org)));
        }
        return new Set(seen);
      });
    const [seenByA, seenByB, seenByNobody] = await Promise.all([
      reader(a),
      reader(b),
      withoutTenant(() => visibleOrganizations('conversations')),
    ]);
    expect([...seenByA]).toEqual([a]);
    expect([...seenByB]).toEqual([b]);
    expect(seenByNobody).toEqual([]);
  });
});

import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app';
import { authHeader, signIn } from '../test/factories';
import { createScratchDatabase } from '../test/scratch-database';
import { testConfig } from '../test/test-app';
import { contacts, conversations, messages, organizations, teamMembers, teams, users } from './schema/index';
import { DEMO_PASSWORD, seedDemo } from './seed-demo';

/** The seed needs an empty database: on PostgreSQL a fresh one is created (and dropped after). */
let built: BuiltApp;
let scratch: { url: string; drop: () => Promise<void> } | null = null;

beforeAll(async () => {
  if (process.env.DATABASE_URL)
    scratch = await createScratchDatabase(process.env.DATABASE_URL, 'accueil_seed');
  const url = scratch?.url;
  built = await buildApp(testConfig({ DATABASE_URL: url }));
});

afterAll(async () => {
  await built.close();
  await scratch?.drop();
});

describe('seedDemo', () => {
  it('does nothing when disabled', async () => {
    expect(await seedDemo(built.deps.db, { enabled: false })).toEqual({
      seeded: false,
      present: false,
      users: [],
      invitationCode: null,
    });
    expect(await built.deps.db.select().from(organizations)).toHaveLength(0);
  });

  it('creates the demo organisations, teams, users, contacts and conversations once', async () => {
    const db = built.deps.db;
    const result = await seedDemo(db, { enabled: true });
    expect(result).toMatchObject({ seeded: true, present: true });
    // One invitation code, printed at first start, that onboarding accepts.
    expect(result.invitationCode).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const check = await built.app.inject({
      method: 'POST',
      url: '/api/onboarding/invitation-codes/check',
      payload: { code: result.invitationCode },
    });
    expect(check.statusCode).toBe(200);
    const orgs = await db.select().from(organizations).orderBy(asc(organizations.name));
    expect(orgs.map((o) => [o.name, o.locale, o.country, o.timeZone])).toEqual([
      ['Clinique Démo', 'fr-CA', 'CA', 'America/Toronto'],
      ['Notaires Tremblay', 'fr-CA', 'CA', 'America/Toronto'],
    ]);
    const teamRows = await db.select().from(teams).orderBy(asc(teams.phoneNumber));
    expect(teamRows.map((t) => [t.label, t.phoneNumber, t.main])).toEqual([
      ['Principal', '+14185550100', true],
      ['Principal', '+15145550100', true],
      ['Hygiène', '+15145550101', false],
    ]);
    const members = await db
      .select({ username: users.username, role: users.role, team: teams.label })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .innerJoin(teams, eq(teams.id, teamMembers.teamId));
    expect(members.map((m) => `${m.username}:${m.role}:${m.team}`).sort()).toEqual([
      'admin:admin:Hygiène',
      'admin:admin:Principal',
      'agent:user:Principal',
      'devops:devops:Principal',
      'notaire:admin:Principal',
    ]);
    for (const org of orgs) {
      const orgContacts = await db.select().from(contacts).where(eq(contacts.organizationId, org.id));
      expect(orgContacts).toHaveLength(20);
      expect(orgContacts.filter((c) => c.business).length).toBeGreaterThanOrEqual(2);
      expect(
        orgContacts.every((c) => /^\+1(514|438|450|418)\d{7}$/.test(c.phone!) && c.email?.includes('@')),
      ).toBe(true);
    }
    const convs = await db.select().from(conversations);
    const byOrg = (name: string) =>
      convs.filter((c) => c.organizationId === orgs.find((o) => o.name === name)!.id);
    expect(byOrg('Clinique Démo')).toHaveLength(30);
    expect(byOrg('Notaires Tremblay').length).toBeGreaterThanOrEqual(24);
    for (const name of ['Clinique Démo', 'Notaires Tremblay']) {
      const list = byOrg(name);
      expect(list.some((c) => c.status === 'inactive')).toBe(true);
      expect(list.some((c) => c.attributes.pinned)).toBe(true);
      expect(list.some((c) => c.attributes.hasNotification)).toBe(true);
      expect(list.map((c) => c.address)).toEqual(expect.arrayContaining(['anonymous', '+1911']));
      expect(
        list.filter((c) => c.contactId === null && c.address.startsWith('+1') && c.address !== '+1911')
          .length,
      ).toBeGreaterThanOrEqual(1);
    }
    const spread = convs.map((c) => c.updatedAt.getTime());
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(21 * 24 * 3600_000);
  });

  it('keeps every conversation consistent with its messages (seq, lastSeq, lastMessageId, updatedAt)', async () => {
    const db = built.deps.db;
    const rows = await db
      .select({ c: conversations, m: messages })
      .from(conversations)
      .innerJoin(messages, eq(messages.conversationId, conversations.id))
      .orderBy(asc(conversations.id), asc(messages.seq));
    const grouped = new Map<string, typeof rows>();
    for (const r of rows) grouped.set(r.c.id, [...(grouped.get(r.c.id) ?? []), r]);
    for (const list of grouped.values()) {
      const conv = list[0]!.c;
      expect(list.map((r) => r.m.seq)).toEqual(list.map((_, i) => i + 1));
      const last = list[list.length - 1]!.m;
      expect([conv.lastSeq, conv.lastMessageId, conv.updatedAt.getTime()]).toEqual([
        list.length,
        last.id,
        last.createdAt.getTime(),
      ]);
      expect(
        list.every((r) =>
          r.m.direction === 'inbound' ? r.m.status === 'received' : r.m.status === 'delivered',
        ),
      ).toBe(true);
    }
    const directions = await db
      .select({ d: messages.direction, n: sql<number>`count(*)::int` })
      .from(messages)
      .groupBy(messages.direction);
    expect(directions.map((d) => d.d).sort()).toEqual(['inbound', 'outbound']);
  });

  it('is idempotent and the demo users can sign in and see their inbox', async () => {
    const before = await built.deps.db.select({ n: sql<number>`count(*)::int` }).from(conversations);
    expect(await seedDemo(built.deps.db, { enabled: true })).toMatchObject({
      seeded: false,
      present: true,
      invitationCode: null,
    });
    expect(await built.deps.db.select({ n: sql<number>`count(*)::int` }).from(conversations)).toEqual(before);
    for (const username of ['admin', 'agent', 'notaire', 'devops']) {
      const { jwt, body } = await signIn(built.app, { username, password: DEMO_PASSWORD });
      expect(body.userGroup?.label).toBe('Principal');
      const list = await built.app.inject({
        method: 'GET',
        url: '/api/conversations',
        headers: authHeader(jwt),
      });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ items: unknown[] }>().items.length).toBeGreaterThan(10);
    }
    const [admin] = await built.deps.db
      .select()
      .from(users)
      .where(and(eq(users.username, 'admin')));
    expect(admin?.role).toBe('admin');
  });
});

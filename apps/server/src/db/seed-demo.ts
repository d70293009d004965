import { INVITATION_CODE_VALIDITY_DAYS } from '@accueil/domain';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/index';
import { withSystemAccess } from './tenant-scope';
import { insertInvitationCode } from '../modules/onboarding/index';
import type { Database, Tx } from './client';
import { seedDemoAgenda } from './seed-demo-agenda';
import { buildConversations, type SeedParty } from './seed-demo-conversations';
import {
  CLINIC_CONTACTS,
  CLINIC_SCRIPTS,
  CLINIC_UNKNOWN_NUMBERS,
  NOTARY_CONTACTS,
  NOTARY_SCRIPTS,
  NOTARY_UNKNOWN_NUMBERS,
  type DemoContact,
} from './seed-demo-data';
import { contacts, conversations, messages, organizations, teamMembers, teams, users } from './schema/index';

/** Password of every demo account (printed at start; demo data only). */
export const DEMO_PASSWORD = 'Demo-Accueil-2026';
export const DEMO_ORGANIZATION_NAME = 'Clinique Démo';

export type DemoUser = { username: string; role: 'admin' | 'user' | 'devops'; organization: string };
/**
 * `seeded`: created now; `present`: the demo accounts exist (now or from an earlier start);
 * `invitationCode`: a code to onboard a new organisation with, created with the demo (first start only).
 */
export type DemoSeedResult = {
  seeded: boolean;
  present: boolean;
  users: DemoUser[];
  invitationCode: string | null;
};

export const DEMO_USERS: DemoUser[] = [
  { username: 'admin', role: 'admin', organization: 'Clinique Démo' },
  { username: 'agent', role: 'user', organization: 'Clinique Démo' },
  { username: 'notaire', role: 'admin', organization: 'Notaires Tremblay' },
  { username: 'devops', role: 'devops', organization: 'Clinique Démo' },
];

/** Seed lock, so several processes starting on one empty PostgreSQL seed once. */
const SEED_LOCK_ID = 727_002;

/**
 * Creates the demo installation (docs/architecture.md) when `enabled` and no
 * organisation exists yet: Clinique Démo (teams Principal and Hygiène, users admin, agent and
 * devops, the operator's account) and Notaires Tremblay (team Principal, user notaire), 20
 * contacts each and their conversations. One transaction, straight to the tables (a
 * database-level tool); then one invitation code (valid 14 days) to onboard a new clinic with.
 * Idempotent.
 */
export function seedDemo(db: Database, opts: { enabled: boolean; now?: Date }): Promise<DemoSeedResult> {
  // Writes two organisations: named access across organisations (db/tenant-scope.ts).
  return withSystemAccess('demo-seed', () => seedDemoData(db, opts));
}

async function seedDemoData(db: Database, opts: { enabled: boolean; now?: Date }): Promise<DemoSeedResult> {
  const seeded = opts.enabled
    ? await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
        const [any] = await tx.select({ id: organizations.id }).from(organizations).limit(1);
        if (any) return false;
        await seedInto(tx, opts.now ?? new Date());
        return true;
      })
    : false;
  const [demo] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, DEMO_ORGANIZATION_NAME))
    .limit(1);
  const invitation = seeded
    ? await insertInvitationCode(
        { db },
        {
          createdByUserId: null,
          label: 'Demo',
          validDays: INVITATION_CODE_VALIDITY_DAYS,
          now: opts.now ?? new Date(),
        },
      )
    : null;
  return { seeded, present: !!demo, users: demo ? DEMO_USERS : [], invitationCode: invitation?.code ?? null };
}

async function seedInto(tx: Tx, now: Date): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [clinic, notary] = await tx
    .insert(organizations)
    .values([
      // The demo clinic's tier has outgoing calls and extension transfers (codes 1, 2), to show both.
      {
        name: 'Clinique Démo',
        locale: 'fr-CA',
        country: 'CA',
        timeZone: 'America/Toronto',
        tierPermissions: [1, 2],
      },
      { name: 'Notaires Tremblay', locale: 'fr-CA', country: 'CA', timeZone: 'America/Toronto' },
    ])
    .returning();
  const [principal, hygiene, notaryTeam] = await tx
    .insert(teams)
    .values([
      { organizationId: clinic!.id, label: 'Principal', phoneNumber: '+15145550100', main: true },
      { organizationId: clinic!.id, label: 'Hygiène', phoneNumber: '+15145550101', main: false },
      { organizationId: notary!.id, label: 'Principal', phoneNumber: '+14185550100', main: true },
    ])
    .returning();
  const user = (
    organizationId: string,
    username: string,
    role: string,
    first: string,
    last: string,
    domain: string,
    teamId: string,
  ) => ({
    id: randomUUID(),
    organizationId,
    username,
    role,
    firstName: first,
    lastName: last,
    displayName: `${first} ${last}`,
    email: `${username}@${domain}`,
    passwordHash,
    currentTeamId: teamId,
    defaultTeamId: teamId,
  });
  const admin = user(clinic!.id, 'admin', 'admin', 'Sophie', 'Gagnon', 'clinique-demo.ca', principal!.id);
  const agent = user(clinic!.id, 'agent', 'user', 'Julien', 'Roy', 'clinique-demo.ca', principal!.id);
  const devops = user(
    clinic!.id,
    'devops',
    'devops',
    'Camille',
    'Exploitation',
    'accueil.example',
    principal!.id,
  );
  const notaire = user(
    notary!.id,
    'notaire',
    'admin',
    'Louis',
    'Tremblay',
    'notaires-tremblay.ca',
    notaryTeam!.id,
  );
  await tx.insert(users).values([admin, agent, notaire, devops]);
  await tx.insert(teamMembers).values([
    { organizationId: clinic!.id, teamId: principal!.id, userId: admin.id, isAdmin: true },
    { organizationId: clinic!.id, teamId: hygiene!.id, userId: admin.id, isAdmin: true },
    { organizationId: clinic!.id, teamId: principal!.id, userId: agent.id },
    { organizationId: clinic!.id, teamId: principal!.id, userId: devops.id },
    { organizationId: notary!.id, teamId: notaryTeam!.id, userId: notaire.id, isAdmin: true },
  ]);
  const clinicContacts = await insertContacts(tx, clinic!.id, CLINIC_CONTACTS);
  const notaryContacts = await insertContacts(tx, notary!.id, NOTARY_CONTACTS);
  const staff = (u: typeof admin): SeedParty => ({
    userId: u.id,
    username: u.username,
    name: `${u.firstName} ${u.lastName}`,
  });
  const plan = [
    ...buildConversations({
      organizationId: clinic!.id,
      team: principal!,
      staff: [staff(admin), staff(agent)],
      contacts: clinicContacts.slice(0, 18),
      unknownNumbers: CLINIC_UNKNOWN_NUMBERS,
      specials: true,
      scripts: CLINIC_SCRIPTS,
      now,
      offset: 0,
    }),
    ...buildConversations({
      organizationId: clinic!.id,
      team: hygiene!,
      staff: [staff(admin)],
      contacts: clinicContacts.slice(12, 20),
      unknownNumbers: [],
      specials: false,
      scripts: CLINIC_SCRIPTS.slice(3),
      now,
      offset: 1,
    }),
    ...buildConversations({
      organizationId: notary!.id,
      team: notaryTeam!,
      staff: [staff(notaire)],
      contacts: notaryContacts,
      unknownNumbers: NOTARY_UNKNOWN_NUMBERS,
      specials: true,
      scripts: NOTARY_SCRIPTS,
      now,
      offset: 0,
    }),
  ];
  await tx.insert(conversations).values(plan.map((p) => p.conversation));
  const rows = plan.flatMap((p) => p.messages);
  for (let i = 0; i < rows.length; i += 200) await tx.insert(messages).values(rows.slice(i, i + 200));
  await seedDemoAgenda(tx, clinic!.id);
}

async function insertContacts(tx: Tx, organizationId: string, list: DemoContact[]) {
  return tx
    .insert(contacts)
    .values(
      list.map((c) => ({
        organizationId,
        firstName: c.firstName,
        lastName: c.lastName,
        phone: c.phone,
        email: c.email,
        business: !!c.business,
        businessName: c.business ?? null,
      })),
    )
    .returning();
}

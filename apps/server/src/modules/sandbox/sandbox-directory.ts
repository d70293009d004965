import type { SandboxDirectory } from '@accueil/domain';
import { desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contacts, organizations, teams } from '../../db/schema/index';

/** Most team numbers and most contacts the directory lists (the newest first). */
export const SANDBOX_DIRECTORY_MAX = 200;

/**
 * GET /api/sandbox/directory: team numbers and contacts with a phone, across organisations,
 * newest first. Cross-tenant on purpose: the phone simulator plays every contact's phone,
 * and the route exists only with the sandbox carrier (a development and test tool).
 * Read-only joins on the teams, contacts and organisations tables: their services are
 * tenant-scoped and have no cross-organisation listing with organisation names.
 */
export async function readSandboxDirectory(db: DbOrTx): Promise<SandboxDirectory> {
  const teamRows = await db
    .select({ organization: organizations.name, label: teams.label, phoneNumber: teams.phoneNumber })
    .from(teams)
    .innerJoin(organizations, eq(organizations.id, teams.organizationId))
    .where(isNotNull(teams.phoneNumber))
    .orderBy(desc(teams.createdAt), desc(teams.id))
    .limit(SANDBOX_DIRECTORY_MAX);
  const contactRows = await db
    .select({ organization: organizations.name, firstName: contacts.firstName, lastName: contacts.lastName, phone: contacts.phone })
    .from(contacts)
    .innerJoin(organizations, eq(organizations.id, contacts.organizationId))
    .where(isNotNull(contacts.phone))
    .orderBy(desc(contacts.createdAt), desc(contacts.id))
    .limit(SANDBOX_DIRECTORY_MAX);
  return {
    teams: teamRows.map((t) => ({ organization: t.organization, label: t.label, phoneNumber: t.phoneNumber ?? '' })),
    contacts: contactRows.map((c) => ({ organization: c.organization, name: `${c.firstName} ${c.lastName}`.trim(), phone: c.phone ?? '' })),
  };
}

import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  appointments,
  auditEvents,
  availabilityCategories,
  contactAddresses,
  contactImports,
  contacts,
  conversations,
  messages,
  organizationLogos,
  organizations,
  passwordTokens,
  professionals,
  sessions,
  teamMembers,
  teamSchedules,
  teams,
  textBlocks,
  userPhoneLines,
  users,
} from '../db/schema/index';

/**
 * Every row of the organisation's tables, in a stable order, as JSON: what a request of
 * another organisation must not change (the tenant isolation suite compares it before and after).
 */
export async function organizationSnapshot(db: Database, organizationId: string): Promise<string> {
  const rows = {
    organization: await db.select().from(organizations).where(eq(organizations.id, organizationId)),
    teams: await db
      .select()
      .from(teams)
      .where(eq(teams.organizationId, organizationId))
      .orderBy(asc(teams.id)),
    members: await db
      .select()
      .from(teamMembers)
      .where(eq(teamMembers.organizationId, organizationId))
      .orderBy(asc(teamMembers.userId), asc(teamMembers.teamId)),
    users: await db
      .select()
      .from(users)
      .where(eq(users.organizationId, organizationId))
      .orderBy(asc(users.id)),
    contacts: await db
      .select()
      .from(contacts)
      .where(eq(contacts.organizationId, organizationId))
      .orderBy(asc(contacts.id)),
    contactAddresses: await db
      .select()
      .from(contactAddresses)
      .where(eq(contactAddresses.organizationId, organizationId))
      .orderBy(asc(contactAddresses.id)),
    conversations: await db
      .select()
      .from(conversations)
      .where(eq(conversations.organizationId, organizationId))
      .orderBy(asc(conversations.id)),
    messages: await db
      .select()
      .from(messages)
      .where(eq(messages.organizationId, organizationId))
      .orderBy(asc(messages.id)),
    phoneLines: await db
      .select()
      .from(userPhoneLines)
      .where(eq(userPhoneLines.organizationId, organizationId))
      .orderBy(asc(userPhoneLines.userId)),
    imports: await db
      .select()
      .from(contactImports)
      .where(eq(contactImports.organizationId, organizationId))
      .orderBy(asc(contactImports.id)),
    professionals: await db
      .select()
      .from(professionals)
      .where(eq(professionals.organizationId, organizationId))
      .orderBy(asc(professionals.id)),
    categories: await db
      .select()
      .from(availabilityCategories)
      .where(eq(availabilityCategories.organizationId, organizationId))
      .orderBy(asc(availabilityCategories.id)),
    appointments: await db
      .select()
      .from(appointments)
      .where(eq(appointments.organizationId, organizationId))
      .orderBy(asc(appointments.id)),
    passwordTokens: await db
      .select()
      .from(passwordTokens)
      .where(eq(passwordTokens.organizationId, organizationId))
      .orderBy(asc(passwordTokens.id)),
    sessions: await db
      .select()
      .from(sessions)
      .where(eq(sessions.organizationId, organizationId))
      .orderBy(asc(sessions.id)),
    textBlocks: await db
      .select()
      .from(textBlocks)
      .where(eq(textBlocks.organizationId, organizationId))
      .orderBy(asc(textBlocks.id)),
    teamSchedules: await db
      .select()
      .from(teamSchedules)
      .where(eq(teamSchedules.organizationId, organizationId))
      .orderBy(asc(teamSchedules.teamId)),
    logo: await db
      .select()
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, organizationId)),
    auditEvents: await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId))
      .orderBy(asc(auditEvents.seq)),
  };
  return JSON.stringify(rows);
}

import { asc, eq } from 'drizzle-orm';
import { auditEvents } from '../db/schema/audit';
import { organizations } from '../db/schema/organizations';
import { deliverRecordedEvents } from './domain-event-helpers';
import { buildAdmin, buildUser } from './factories';
import { multipartFile } from './multipart';
import { signedInAs } from './signed-in';
import type { TestApp } from './test-app';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';

/** The organisations module's test helpers, bound to the test file's app (`useTestApp()`). */
export function organizationTestHelpers(t: TestApp) {
  /** One request through `app.inject`, with a JSON payload when given. */
  async function call(method: Method, url: string, headers: Record<string, string>, payload?: unknown) {
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }

  /** An administrator and a user of one new organisation (with its main team), and their headers. */
  async function buildOrganizationWithStaff() {
    const admin = await buildAdmin();
    const [org] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    const user = await buildUser({ organizationId: admin.organizationId, teamIds: [admin.currentTeamId!] });
    return {
      org: org!,
      admin,
      user,
      adminHeaders: await signedInAs(admin),
      userHeaders: await signedInAs(user),
      teamId: admin.currentTeamId!,
    };
  }

  /**
   * The organisation's audit events, oldest first: action, target and details, once its
   * recorded domain events are delivered (as the jobs would).
   */
  async function auditTrail(organizationId: string) {
    await deliverRecordedEvents(t.deps, organizationId);
    const rows = await t.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.organizationId, organizationId))
      .orderBy(asc(auditEvents.seq));
    return rows.map((r) => ({
      action: r.action,
      actorUserId: r.actorUserId,
      target: r.targetId,
      details: r.details,
    }));
  }

  return { call, buildOrganizationWithStaff, auditTrail };
}

/** A multipart body with one file field `logo` (the type is sniffed: the file name says nothing). */
export const multipartLogo = (content: Buffer, filename = 'logo.png') =>
  multipartFile('logo', filename, content);

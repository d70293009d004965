import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { withOrganization } from '../../db/tenant-scope';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { deliverRecordedEvents, domainEventsOf } from '../../test/domain-event-helpers';
import { buildAdmin } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { recordAuditEvent } from './index';

/*
 * An audit entry follows its action: written by the audit subscriber from the domain event the
 * action's transaction recorded (none for a rolled-back action), or, for the documented
 * exceptions, directly in the transaction of the action (record-audit-event.ts), committed and
 * rolled back with it. A direct call that is not awaited escapes its transaction — on
 * PostgreSQL its statements run on the released connection after COMMIT or ROLLBACK, so the
 * entry outlives a rolled-back action or is lost — and no test of the action may notice.
 */

/**
 * The product files that call `recordAuditEvent` (relative to `src/`): its definition, the audit
 * subscriber, and the entries that cannot be domain events (docs/behaviour/events.md).
 */
const DIRECT_AUDIT_WRITERS = [
  'modules/audit/audit-subscriber.ts',
  'modules/audit/record-audit-event.ts',
  // Refused sign-ins: their own transaction, kept whatever the sign-in's outcome.
  'modules/auth/complete-sign-in.ts',
  'modules/auth/sign-in-with-password.ts',
  // Reads: nothing changes.
  'modules/contacts/export-contacts.ts',
  'modules/contacts/list-contacts.ts',
  // A devops user of another organisation as actor.
  'modules/impersonation/start-impersonation.ts',
  'modules/impersonation/stop-impersonation.ts',
];

const t = useTestApp();

const SOURCE = join(__dirname, '../..');

/** The server's product files (tests and test tools left out), relative to `src/`. */
function productFiles(dir = SOURCE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : productFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The calls of `recordAuditEvent` whose promise nobody waits for: not awaited, not returned,
 * not an arrow function's body (`file:line`).
 */
function unawaitedAuditCalls(): string[] {
  const found: string[] = [];
  for (const file of productFiles()) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('recordAuditEvent(')) continue;
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'recordAuditEvent'
      ) {
        const parent = node.parent;
        const waited =
          ts.isAwaitExpression(parent) ||
          ts.isReturnStatement(parent) ||
          (ts.isArrowFunction(parent) && parent.body === node);
        if (!waited) {
          const { line } = source.getLineAndCharacterOfPosition(node.getStart());
          found.push(`${relative(SOURCE, file)}:${line + 1}`);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('audit events and their transaction', () => {
  it('recordAuditEvent is called by the documented exceptions only, and every call is awaited (or returned to a caller that is)', () => {
    const files = productFiles().filter((f) => readFileSync(f, 'utf8').includes('recordAuditEvent('));
    expect(files.map((f) => relative(SOURCE, f)).sort()).toEqual(DIRECT_AUDIT_WRITERS);
    expect(unawaitedAuditCalls()).toEqual([]);
  });

  it('an event recorded in a transaction that then fails is rolled back with it', async () => {
    const admin = await buildAdmin();
    const failed = withOrganization(admin.organizationId, () =>
      t.deps.db.transaction(async (tx) => {
        await recordAuditEvent(tx, {
          organizationId: admin.organizationId,
          actor: { userId: admin.id },
          action: 'conversation.deleted',
          target: { type: 'conversation', id: crypto.randomUUID() },
        });
        throw new Error('the action failed after its audit event');
      }),
    );
    await expect(failed).rejects.toThrow('the action failed after its audit event');
    const rows = await withOrganization(admin.organizationId, () =>
      t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId)),
    );
    expect(rows).toEqual([]);
  });

  it('a change rolled back after recording its domain event leaves no event, so no entry', async () => {
    const admin = await buildAdmin();
    const failed = withOrganization(admin.organizationId, () =>
      transactionWithEvents(t.deps, async (tx) => {
        await recordEvent(tx, {
          name: 'conversation.deleted',
          organizationId: admin.organizationId,
          actorUserId: admin.id,
          payload: { conversationId: crypto.randomUUID(), teamId: admin.currentTeamId! },
        });
        throw new Error('the action failed after its event');
      }),
    );
    await expect(failed).rejects.toThrow('the action failed after its event');
    await deliverRecordedEvents(t.deps, admin.organizationId);
    expect(await domainEventsOf(admin.organizationId)).toEqual([]);
    const rows = await withOrganization(admin.organizationId, () =>
      t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId)),
    );
    expect(rows).toEqual([]);

    // The same change committed: its event, then its entry once delivered.
    await withOrganization(admin.organizationId, () =>
      transactionWithEvents(t.deps, (tx) =>
        recordEvent(tx, {
          name: 'conversation.deleted',
          organizationId: admin.organizationId,
          actorUserId: admin.id,
          payload: { conversationId: crypto.randomUUID(), teamId: admin.currentTeamId! },
        }),
      ),
    );
    await deliverRecordedEvents(t.deps, admin.organizationId);
    const committed = await withOrganization(admin.organizationId, () =>
      t.deps.db.select().from(auditEvents).where(eq(auditEvents.organizationId, admin.organizationId)),
    );
    expect(committed.map((r) => r.action)).toEqual(['conversation.deleted']);
  });
});

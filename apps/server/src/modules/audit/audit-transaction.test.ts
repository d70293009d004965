import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/audit';
import { withOrganization } from '../../db/tenant-scope';
import { buildAdmin } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { recordAuditEvent } from './index';

/*
 * An audit event is written in the transaction of the action it records (record-audit-event.ts):
 * committed with it, rolled back with it. A call that is not awaited escapes its transaction —
 * on PostgreSQL its statements run on the released connection after COMMIT or ROLLBACK, so the
 * event outlives a rolled-back action or is lost — and no test of the action may notice.
 */

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
  it('every call of recordAuditEvent in the server is awaited (or returned to a caller that is)', () => {
    const files = productFiles().filter((f) => readFileSync(f, 'utf8').includes('recordAuditEvent('));
    expect(files.length).toBeGreaterThan(20);
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
});

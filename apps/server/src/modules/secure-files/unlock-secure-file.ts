import {
  AppError,
  SECURE_FILE_MAX_WRONG_CODES,
  SECURE_FILE_UNAVAILABLE_TEXT,
  type SecureFileKind,
  type SecureFileState,
} from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Tx } from '../../db/client';
import { secureFiles } from '../../db/schema/secure-files';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import { recordEvent } from '../../events/record-event';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { loadConversationViewById } from '../conversations/index';
import { announceMessageUpdated, presentMessage, setSecureFileMessage } from '../messages/index';
import { hashSecureFileToken, verifySecureFileCode } from './secure-file-secrets';
import { presentSecureFile, type SecureFileRow } from './secure-files.presenter';

/** The one refusal of every failure at `/secure` and `/send-file` (404, the spec's text): no oracle. */
export function secureFileUnavailable(): AppError {
  return new AppError('secure-file-unavailable', SECURE_FILE_UNAVAILABLE_TEXT);
}

/** The states in which a code still opens a secure file of `kind`. */
const OPEN_STATES: Record<SecureFileKind, readonly SecureFileState[]> = {
  file: ['waiting', 'downloaded'],
  request: ['waiting'],
};

function usable(row: SecureFileRow | undefined, kind: SecureFileKind, now: Date): row is SecureFileRow {
  return (
    row !== undefined &&
    row.kind === kind &&
    OPEN_STATES[kind].includes(row.state) &&
    row.expiresAt.getTime() > now.getTime()
  );
}

/**
 * In `tx`: the secure file's message shows its new state (version bumped); returns what to
 * announce to its team after the commit.
 */
export async function showSecureFileState(
  tx: Tx,
  row: SecureFileRow,
): Promise<{ teamId: string; message: ReturnType<typeof presentMessage> } | null> {
  if (!row.messageId) return null;
  const message = await setSecureFileMessage(tx, row.organizationId, row.messageId, {
    secureFile: presentSecureFile(row),
  });
  const view = await loadConversationViewById(tx, row.conversationId);
  return message && view ? { teamId: view.userGroupId, message: presentMessage(message) } : null;
}

/**
 * The secure file of `kind` that the link's `token` and `code` open (docs/behaviour/secure-files.md),
 * for a contact who is not signed in. The link is found by its hash across organisations (the
 * `secure-file` system access), then everything runs in its organisation. The code is checked
 * against its argon2id hash — against a dummy hash when there is no usable file (unknown link,
 * other kind, locked, expired), so every failure costs about the same time. Then, under the
 * row's lock: a wrong code counts (`wrongCodes`), and the `SECURE_FILE_MAX_WRONG_CODES`th locks
 * the file (`secure-file.locked`, its message shows it); a right code on a file counts a
 * download (`downloaded`, `secure-file.downloaded`). Runs `then` with the row in the file's
 * organisation's scope (the download or the upload).
 * @throws AppError `secure-file-unavailable` for every failure, whatever it was.
 */
export async function unlockSecureFile<T>(
  deps: AppDeps,
  input: { token: string; code: string; kind: SecureFileKind },
  then: (row: SecureFileRow) => Promise<T>,
  now = new Date(),
): Promise<T> {
  const tokenHash = hashSecureFileToken(input.token);
  // Awaited inside the scope: a query builder runs when awaited, in the scope current then.
  const [found] = await withSystemAccess(
    'secure-file',
    async () =>
      await deps.db
        .select({ id: secureFiles.id, organizationId: secureFiles.organizationId })
        .from(secureFiles)
        .where(eq(secureFiles.tokenHash, tokenHash))
        .limit(1),
  );
  if (!found) {
    await verifySecureFileCode(null, input.code);
    throw secureFileUnavailable();
  }
  return withOrganization(found.organizationId, async () => {
    const byId = and(eq(secureFiles.organizationId, found.organizationId), eq(secureFiles.id, found.id));
    const [before] = await deps.db.select().from(secureFiles).where(byId);
    const right = await verifySecureFileCode(
      usable(before, input.kind, now) ? before.codeHash : null,
      input.code,
    );
    const outcome = await transactionWithEvents(deps, async (tx) => {
      const [row] = await tx.select().from(secureFiles).where(byId).for('update');
      if (!usable(row, input.kind, now)) return { opened: null, shown: null };
      if (!right) {
        const wrongCodes = row.wrongCodes + 1;
        const locked = wrongCodes >= SECURE_FILE_MAX_WRONG_CODES;
        const [after] = await tx
          .update(secureFiles)
          .set({ wrongCodes, ...(locked ? { state: 'locked' as const } : {}) })
          .where(byId)
          .returning();
        if (!locked) return { opened: null, shown: null };
        await recordEvent(tx, {
          name: 'secure-file.locked',
          organizationId: row.organizationId,
          actorUserId: null,
          payload: { secureFileId: row.id, conversationId: row.conversationId, wrongCodes },
        });
        return { opened: null, shown: await showSecureFileState(tx, after!) };
      }
      if (row.kind === 'request') return { opened: row, shown: null };
      const [after] = await tx
        .update(secureFiles)
        .set({ state: 'downloaded', downloads: row.downloads + 1 })
        .where(byId)
        .returning();
      await recordEvent(tx, {
        name: 'secure-file.downloaded',
        organizationId: row.organizationId,
        actorUserId: null,
        payload: { secureFileId: row.id, conversationId: row.conversationId },
      });
      return {
        opened: after!,
        shown: row.state === 'downloaded' ? null : await showSecureFileState(tx, after!),
      };
    });
    if (outcome.shown) announceMessageUpdated(deps, outcome.shown.teamId, outcome.shown.message);
    if (!outcome.opened) throw secureFileUnavailable();
    return then(outcome.opened);
  });
}

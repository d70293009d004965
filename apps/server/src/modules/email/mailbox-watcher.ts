import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { CarrierError, MailboxWatch } from '../../carriers/email-channel/email-channel-carrier';
import { teamMailboxes } from '../../db/schema/email';
import { withOrganization, withSystemAccess } from '../../db/tenant-scope';
import { liveMailboxAccount } from './mailbox-grant';
import type { MailboxRow } from './mailboxes';
import { requestMailboxSync } from './request-mailbox-sync';

/**
 * Timing of the watcher (docs/behaviour/email.md, "New mail at once: IDLE"):
 * - `leaseSeconds`: how long a process's claim on a mailbox holds without renewal (a process
 *   that died loses its mailboxes to another after this);
 * - `scanMs`: how often it renews its claims and looks for mailboxes nobody watches;
 * - `backoffMs`: the first wait before watching again after a drop, doubled at each failure up
 *   to `max` (a jitter of up to a quarter is added);
 * - `syncRetryMs`: how soon a sync is asked again when one was already running when mail came.
 */
export type MailboxWatcherTiming = {
  leaseSeconds: number;
  scanMs: number;
  backoffMs: { first: number; max: number };
  syncRetryMs: number;
};

export const MAILBOX_WATCHER_TIMING: MailboxWatcherTiming = {
  leaseSeconds: 60,
  scanMs: 15_000,
  backoffMs: { first: 1_000, max: 60_000 },
  syncRetryMs: 1_000,
};

/** A running watcher: `scan()` looks at once (tests, a mailbox just connected); `stop()` ends every watch and gives the claims back. */
export type MailboxWatcher = {
  readonly owner: string;
  scan(): Promise<void>;
  /** The ids of the mailboxes this process watches now (a live IDLE connection). */
  watching(): string[];
  /** How many watches it started so far (the first ones and those after a drop). */
  started(): number;
  stop(): Promise<void>;
};

/** What a watch signs in with: when it changes (connected again), the watch starts again. */
function settingsOf(row: MailboxRow): string {
  return JSON.stringify([
    row.vendor,
    row.address,
    row.imapHost,
    row.imapPort,
    row.imapSecure,
    row.username,
    row.passwordEncrypted,
  ]);
}

/** One mailbox this process holds the claim on. */
type Held = {
  row: MailboxRow;
  watch: MailboxWatch | null;
  failures: number;
  retry: NodeJS.Timeout | null;
  /** A sync is wanted but the queue refused it (one waits or runs): asked again after `syncRetryMs`. */
  syncAgain: NodeJS.Timeout | null;
  closed: boolean;
};

/**
 * Watches the valid mailboxes of a vendor with IDLE (IMAP) so that a new mail is synced within
 * seconds instead of at the next minute's `sync-mailboxes`. Across server processes one process
 * watches a mailbox: it claims the mailbox's lease (`team_mailboxes.watch_owner`,
 * `watch_until`, an atomic UPDATE) and renews it every `scanMs`; a lease that lapses (its
 * process died) is taken by the next process that scans. A mail announced asks for the
 * `sync-mailbox` job (one per mailbox, `oncePerKey`; asked again shortly if one was running, so
 * a mail that came during a sync is not left for the minute's job). A dropped watch is watched
 * again after a backoff (1 s doubling to 60 s); a mailbox disconnected, removed or whose
 * settings changed is let go (and watched again with its new settings). Each (re)connection also asks
 * for a sync: what came while nobody watched. Nothing is watched when the vendor has no IDLE.
 */
export function startMailboxWatcher(
  deps: AppDeps,
  options: { owner?: string; timing?: Partial<MailboxWatcherTiming> } = {},
): MailboxWatcher {
  const timing = { ...MAILBOX_WATCHER_TIMING, ...options.timing };
  const owner = options.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const carrier = deps.emailChannel;
  const held = new Map<string, Held>();
  let stopped = false;
  let startedCount = 0;
  let scanning: Promise<void> | null = null;

  const leaseEnd = sql`now() + make_interval(secs => ${timing.leaseSeconds})`;

  const askSync = (entry: Held) => {
    if (entry.closed || entry.syncAgain) return;
    withOrganization(entry.row.organizationId, () => requestMailboxSync(deps, entry.row)).then(
      (queued) => {
        if (queued || entry.closed) return;
        entry.syncAgain = setTimeout(() => {
          entry.syncAgain = null;
          askSync(entry);
        }, timing.syncRetryMs);
      },
      (err: unknown) => deps.log.warn({ err, mailboxId: entry.row.id }, 'mailbox sync not asked'),
    );
  };

  const release = async (entry: Held): Promise<void> => {
    entry.closed = true;
    if (entry.retry) clearTimeout(entry.retry);
    if (entry.syncAgain) clearTimeout(entry.syncAgain);
    const watch = entry.watch;
    entry.watch = null;
    await watch?.close().catch(() => undefined);
  };

  const connect = async (entry: Held) => {
    entry.retry = null;
    if (entry.closed || stopped) return;
    try {
      const account = await withOrganization(entry.row.organizationId, () =>
        liveMailboxAccount(deps, entry.row),
      );
      const watch = await carrier.watch(account, {
        onNewMail: () => askSync(entry),
        onError: (error) => dropped(entry, error),
      });
      if (entry.closed || stopped) {
        await watch.close();
        return;
      }
      entry.watch = watch;
      entry.failures = 0;
      startedCount++;
      askSync(entry);
    } catch (error) {
      dropped(entry, error as CarrierError);
    }
  };

  const dropped = (entry: Held, error: CarrierError) => {
    entry.watch = null;
    if (entry.closed || stopped) return;
    const wait = Math.min(timing.backoffMs.max, timing.backoffMs.first * 2 ** entry.failures);
    entry.failures++;
    deps.log.info(
      { mailboxId: entry.row.id, kind: error.kind, err: error.message, retryInMs: wait },
      'mailbox watch dropped',
    );
    // A refused sign-in is the sync's to decide (it marks the mailbox disconnected).
    if (error.kind === 'auth') askSync(entry);
    entry.retry = setTimeout(() => void connect(entry), wait + Math.random() * (wait / 4));
  };

  const scanOnce = async () => {
    if (!carrier.idle || stopped) return;
    await withSystemAccess('maintenance-job', async () => {
      // Renew what we hold; what is no longer ours, no longer valid or gone is let go.
      const renewed = await deps.db
        .update(teamMailboxes)
        .set({ watchUntil: leaseEnd })
        .where(and(eq(teamMailboxes.watchOwner, owner), eq(teamMailboxes.valid, true)))
        .returning();
      const current = new Map(renewed.map((row) => [row.id, row]));
      for (const [id, entry] of held) {
        const row = current.get(id);
        if (row && settingsOf(row) === settingsOf(entry.row)) continue;
        held.delete(id);
        await release(entry);
        // Settings changed (a new password, another server): watched again below, with them.
        if (row) current.delete(id);
        else await giveBack([id]);
      }
      const lapsed = or(isNull(teamMailboxes.watchOwner), lt(teamMailboxes.watchUntil, sql`now()`));
      const claimed = await deps.db
        .update(teamMailboxes)
        .set({ watchOwner: owner, watchUntil: leaseEnd })
        .where(
          and(
            eq(teamMailboxes.vendor, carrier.name),
            eq(teamMailboxes.valid, true),
            or(lapsed, eq(teamMailboxes.watchOwner, owner)),
          ),
        )
        .returning();
      for (const row of claimed) {
        if (held.has(row.id) || stopped) continue;
        const entry: Held = { row, watch: null, failures: 0, retry: null, syncAgain: null, closed: false };
        held.set(row.id, entry);
        void connect(entry);
      }
    });
  };

  const giveBack = async (ids?: string[]) => {
    const mine = eq(teamMailboxes.watchOwner, owner);
    await withSystemAccess('maintenance-job', () =>
      deps.db
        .update(teamMailboxes)
        .set({ watchOwner: null, watchUntil: null })
        .where(ids ? and(mine, inArray(teamMailboxes.id, ids)) : mine),
    );
  };

  const scan = () => {
    scanning ??= scanOnce()
      .catch((err: unknown) => deps.log.warn({ err }, 'mailbox watcher scan failed'))
      .finally(() => (scanning = null));
    return scanning;
  };

  const timer = setInterval(() => void scan(), timing.scanMs);
  timer.unref();
  void scan();

  return {
    owner,
    scan,
    started: () => startedCount,
    watching: () => [...held.values()].filter((e) => e.watch !== null).map((e) => e.row.id),
    async stop() {
      stopped = true;
      clearInterval(timer);
      await scanning;
      await Promise.all([...held.values()].map(release));
      held.clear();
      if (carrier.idle) await giveBack().catch(() => undefined);
    },
  };
}

import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { teamMailboxes } from '../../db/schema/email';
import {
  buildMailboxTeam,
  emailConversationOf,
  eventually,
  mailboxRowOf,
  useMailServers,
} from '../../test/email-helpers';
import { databaseOf } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { startMailboxWatcher, type MailboxWatcher } from './mailbox-watcher';

/**
 * New mail at once (docs/behaviour/email.md): a valid IMAP mailbox is watched with IDLE against
 * a real Dovecot, one process per mailbox, watched again after a drop, let go when disconnected.
 */
const mailbox = { user: 'idle@clinic.test', password: 'Mailbox-secret-2' };
const servers = useMailServers(mailbox);
const t = useTestApp({ EMAIL_CHANNEL_CARRIER: 'imap' });

const mail = (id: string, from: string) =>
  `From: ${from}\r\nTo: ${mailbox.user}\r\nSubject: Rendez-vous ${id}\r\nMessage-ID: <${id}@example.test>\r\n\r\nBonjour\r\n`;
const fast = { scanMs: 200, leaseSeconds: 2, backoffMs: { first: 100, max: 400 }, syncRetryMs: 200 };

let world: Awaited<ReturnType<typeof buildMailboxTeam>>;
let mailboxId: string;
const watchers: MailboxWatcher[] = [];
const watcher = (owner: string) => {
  const started = startMailboxWatcher(t.deps, { owner, timing: fast });
  watchers.push(started);
  return started;
};
afterAll(async () => {
  for (const w of watchers) await w.stop();
});

/** Resolves with the milliseconds from now until the conversation with `from` holds `count` messages. */
async function storedWithin(from: string, count: number, ms: number): Promise<number> {
  const start = Date.now();
  await eventually(async () => {
    const c = await emailConversationOf(world.teamId, from);
    return c && c.lastSeq >= count;
  }, ms);
  return Date.now() - start;
}

describe('IMAP IDLE', () => {
  it('a mail appended to the INBOX is stored within seconds, by the watch, not the minute’s sync', async () => {
    world = await buildMailboxTeam(mailbox.user);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
      payload: servers.settings(),
    });
    expect(res.statusCode).toBe(200);
    mailboxId = (await mailboxRowOf(world.teamId))!.id;
    await t.jobs.start();
    const a = watcher('process-a');
    await eventually(() => Promise.resolve(a.watching().includes(mailboxId)));
    expect(await mailboxRowOf(world.teamId)).toMatchObject({ watchOwner: 'process-a' });

    await servers.dovecot.deliver(mailbox, mail('idle-1', 'Anne <anne@example.test>'));
    expect(await storedWithin('anne@example.test', 1, 8_000)).toBeLessThan(8_000);
    // A second mail while the first sync may still run: asked again, not left for the minute.
    await servers.dovecot.deliver(mailbox, mail('idle-2', 'anne@example.test'));
    await servers.dovecot.deliver(mailbox, mail('idle-3', 'anne@example.test'));
    await storedWithin('anne@example.test', 3, 8_000);
  });

  it('one process idles per mailbox; another takes it over once the first stops or dies', async () => {
    const a = watchers[0]!;
    const b = watcher('process-b');
    await b.scan();
    await new Promise((r) => setTimeout(r, 600));
    expect(b.watching()).toEqual([]);
    expect(a.watching()).toEqual([mailboxId]);

    // Process A dies without giving its claim back: B takes it once the lease lapses.
    await a.stop();
    await databaseOf({})
      .update(teamMailboxes)
      .set({ watchOwner: 'process-a', watchUntil: new Date(Date.now() + 1_000) })
      .where(eq(teamMailboxes.id, mailboxId));
    await eventually(() => Promise.resolve(b.watching().includes(mailboxId)), 8_000);
    expect(await mailboxRowOf(world.teamId)).toMatchObject({ watchOwner: 'process-b' });
    await servers.dovecot.deliver(mailbox, mail('idle-4', 'bruno@example.test'));
    await storedWithin('bruno@example.test', 1, 8_000);
  });

  it('a dropped connection is watched again after a backoff, and a mail then still comes at once', async () => {
    const b = watchers[1]!;
    const before = b.started();
    servers.dovecot.kick(mailbox);
    await servers.dovecot.deliver(mailbox, mail('idle-5', 'carole@example.test'));
    // The mail that came during the drop: the new watch's first sync reads it.
    await storedWithin('carole@example.test', 1, 8_000);
    await eventually(() => Promise.resolve(b.started() > before && b.watching().includes(mailboxId)), 8_000);
    await servers.dovecot.deliver(mailbox, mail('idle-6', 'carole@example.test'));
    await storedWithin('carole@example.test', 2, 8_000);
  });

  it('lets a disconnected mailbox go, and gives its claims back when stopped', async () => {
    const b = watchers[1]!;
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/teams/${world.teamId}/mailbox`,
      headers: world.headers,
    });
    expect(res.statusCode).toBeLessThan(300);
    await eventually(() => Promise.resolve(b.watching().length === 0), 5_000);
    await b.stop();
    const rows = await databaseOf({})
      .select({ owner: teamMailboxes.watchOwner })
      .from(teamMailboxes)
      .where(eq(teamMailboxes.watchOwner, 'process-b'));
    expect(rows).toEqual([]);
  });
});

import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

/** Debian's dovecot-imapd installs it here. */
const DOVECOT = '/usr/sbin/dovecot';

/** A mailbox of the throw-away server: its address is its IMAP user name. */
export type DovecotUser = { user: string; password: string };

/**
 * Installs Debian's `dovecot-imapd` when it is absent and this process may (root); otherwise
 * fails saying what to install. `.ci/run` installs it beforehand.
 * @throws Error when Dovecot is absent and cannot be installed.
 */
function ensureDovecot(): void {
  if (existsSync(DOVECOT)) return;
  if (process.getuid?.() === 0) {
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', 'dovecot-imapd'], {
        stdio: 'ignore',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch {
      // Reported below.
    }
  }
  if (!existsSync(DOVECOT))
    throw new Error(
      'Dovecot is not installed: run `apt-get install -y dovecot-imapd` (the IMAP tests need it)',
    );
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('No free port');
  return address.port;
}

async function waitForPort(port: number, child: ChildProcess, deadlineMs: number): Promise<void> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Dovecot exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > until) throw new Error(`Dovecot did not listen on ${port} within ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The uid and gid Dovecot stores mail as: the `dovecot` account under root (Dovecot refuses uid 0), ourselves otherwise. */
function mailOwner(): { uid: number; gid: number; name: string } {
  const me = userInfo();
  if (me.uid !== 0) return { uid: me.uid, gid: me.gid, name: me.username };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'dovecot'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g'), name: 'dovecot' };
}

/**
 * A real IMAP server for tests (Debian's Dovecot, IDLE included) on a random port of 127.0.0.1,
 * with a throw-away mail store and a passwd-file of `users` in a temporary folder; no TLS,
 * plain-text sign-in allowed. With `oauth2`, the users may also sign in with SASL XOAUTH2 (only
 * that mechanism, so imapflow does not pick OAUTHBEARER): Dovecot's `oauth2` passdb asks
 * `introspectionUrl` (RFC 7662, POST, its client's credentials in the URL) whether the token
 * is active and whose it is (`sub`, which must be the user name). No root-owned state outside
 * that folder; `close()` stops it and removes the folder. Starts in well under a second.
 * @throws Error when Dovecot is absent (see `ensureDovecot`) or does not start.
 */
export async function startDovecot(
  users: DovecotUser[],
  options: { oauth2?: { introspectionUrl: string } } = {},
) {
  ensureDovecot();
  const dir = await mkdtemp(join(tmpdir(), 'accueil-dovecot-'));
  // Dovecot's unprivileged login processes reach their sockets under base_dir.
  await chmod(dir, 0o755);
  const owner = mailOwner();
  const me = userInfo();
  await mkdir(join(dir, 'run'));
  await mkdir(join(dir, 'state'));
  await mkdir(join(dir, 'mail'));
  if (me.uid === 0) await chown(join(dir, 'mail'), owner.uid, owner.gid);
  await writeFile(join(dir, 'passwd'), users.map((u) => `${u.user}:{PLAIN}${u.password}::::::\n`).join(''));
  if (options.oauth2)
    // Dovecot 2.3's oauth2 passdb (/usr/share/dovecot/dovecot-oauth2.conf.ext lists the keys).
    await writeFile(
      join(dir, 'oauth2.conf.ext'),
      `introspection_mode = post
introspection_url = ${options.oauth2.introspectionUrl}
force_introspection = yes
username_attribute = sub
active_attribute = active
active_value = true
timeout_msecs = 5000
`,
    );
  const oauth2Passdb = options.oauth2
    ? `passdb {
  driver = oauth2
  mechanisms = xoauth2
  args = ${dir}/oauth2.conf.ext
}
`
    : '';
  const port = await freePort();
  const unprivileged =
    me.uid === 0 ? '' : `default_internal_user = ${me.username}\ndefault_login_user = ${me.username}\n`;
  await writeFile(
    join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
${unprivileged}protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login${options.oauth2 ? ' xoauth2' : ''}
# Tests sign in wrongly on purpose: no 2 s failure delay, and no penalty after a failure (the
# next sign-in from the address was held about 4 s, trusted network or not). With the penalty's
# anvil listener closed (mode 0) the auth process cannot look a penalty up, and that sign-in
# took 20 ms (measured 2026-12-01, Dovecot 2.3.19).
auth_failure_delay = 0
login_trusted_networks = 127.0.0.0/8
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
first_valid_uid = ${owner.uid}
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  mechanisms = plain login
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
${oauth2Passdb}userdb {
  driver = static
  args = uid=${owner.uid} gid=${owner.gid} home=${dir}/mail/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
  chroot =
}
`,
  );
  const child = spawn(DOVECOT, ['-F', '-c', join(dir, 'dovecot.conf')], { stdio: 'ignore' });
  try {
    await waitForPort(port, child, 10_000);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw error;
  }

  /** Puts `raw` in `user`'s INBOX (IMAP APPEND): mail arriving as a mail server would deliver it. */
  async function deliver(user: DovecotUser, raw: string | Buffer): Promise<void> {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: user.user, pass: user.password },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      await client.append('INBOX', raw);
    } finally {
      await client.logout();
    }
  }

  /** Ends every IMAP connection of `user` (`doveadm kick`): a dropped connection, as a server restart would. */
  function kick(user: DovecotUser): void {
    execFileSync('/usr/bin/doveadm', ['-c', join(dir, 'dovecot.conf'), 'kick', user.user], {
      stdio: 'ignore',
    });
  }

  return {
    port,
    host: '127.0.0.1',
    deliver,
    kick,
    async close() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn } from '../../email/smtp/testing/smtp-stand-in';
import { CarrierError, type MailboxAccount } from '../email-channel-carrier';
import { createImapChannelCarrier } from './imap-channel-carrier';
import { TOKEN_REFUSED } from '../mail-api-request';
import { imapErrorKind, imapToCarrierError, smtpFailureToCarrierError } from './imap-errors';
import { startDovecot } from './testing/dovecot';

/** The IMAP + SMTP vendor against a real Dovecot (IDLE included) and a local SMTP receiver. */
const clinic = { user: 'accueil@clinic.test', password: 'Mailbox-secret-1' };
let dovecot: Awaited<ReturnType<typeof startDovecot>>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
const carrier = createImapChannelCarrier({
  timeoutsMs: { connection: 3000, greeting: 3000, socket: 10_000 },
});

function account(password = clinic.password): MailboxAccount {
  return {
    address: clinic.user,
    imap: { host: dovecot.host, port: dovecot.port, secure: false },
    smtp: { host: '127.0.0.1', port: smtp.port, secure: false },
    user: clinic.user,
    password,
  };
}

const mail = (n: number) =>
  `From: Patient ${n} <patient${n}@example.test>\r\nTo: ${clinic.user}\r\nSubject: Question ${n}\r\nMessage-ID: <q${n}-${Date.now()}@example.test>\r\n\r\nBody ${n}\r\n`;

beforeAll(async () => {
  dovecot = await startDovecot([clinic]);
  smtp = await startSmtpStandIn({ user: clinic.user, password: clinic.password });
});
afterAll(async () => {
  await dovecot?.close();
  await smtp?.close();
});

describe('the IMAP + SMTP mailbox vendor', () => {
  it('verifies an account by signing in to both servers; a wrong password is `auth`', async () => {
    await expect(carrier.verify(account())).resolves.toBeUndefined();
    const refused = await carrier.verify(account('wrong')).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CarrierError);
    expect(refused).toMatchObject({ kind: 'auth' });
  });

  it('an unreachable server is `temporary`, never `auth` (a network blip does not disconnect a team)', async () => {
    const away = { ...account(), imap: { host: '127.0.0.1', port: 1, secure: false } };
    await expect(carrier.fetchSince(away, null, 10)).rejects.toMatchObject({ kind: 'temporary' });
  });

  it('fetches the INBOX after a cursor in UID order, by pages, and starts again on another UIDVALIDITY', async () => {
    const empty = await carrier.fetchSince(account(), null, 10);
    expect(empty).toMatchObject({ mails: [], more: false });
    for (const n of [1, 2, 3]) await dovecot.deliver(clinic, mail(n));

    const first = await carrier.fetchSince(account(), empty.cursor, 2);
    expect(first.mails.map((m) => m.raw.toString()).join()).toMatch(/Question 1[\s\S]*Question 2/);
    expect(first.more).toBe(true);
    const second = await carrier.fetchSince(account(), first.cursor, 2);
    expect(second.mails).toHaveLength(1);
    expect(second.mails[0]!.raw.toString()).toContain('Question 3');
    expect(second.more).toBe(false);
    expect(second.cursor.lastUid).toBe(second.mails[0]!.uid);
    const none = await carrier.fetchSince(account(), second.cursor, 2);
    expect(none.mails).toEqual([]);
    expect(none.cursor).toEqual(second.cursor);

    const renumbered = await carrier.fetchSince(account(), { uidValidity: '1', lastUid: 99 }, 10);
    expect(renumbered.mails).toHaveLength(3);
  });

  it('watches the INBOX with IDLE: a delivered mail is announced without polling', async () => {
    let announce: () => void = () => {};
    const announced = new Promise<void>((resolve) => (announce = resolve));
    const watch = await carrier.watch(account(), { onNewMail: () => announce() });
    try {
      await dovecot.deliver(clinic, mail(4));
      await expect(
        Promise.race([
          announced.then(() => 'announced'),
          new Promise((r) => setTimeout(() => r('late'), 5000)),
        ]),
      ).resolves.toBe('announced');
    } finally {
      await watch.close();
    }
  });

  it('sends a reply threaded by In-Reply-To and References, with Auto-Submitted when automatic', async () => {
    const sent = await carrier.send(account(), {
      messageId: '<reply-1@clinic.test>',
      from: clinic.user,
      to: ['patient1@example.test'],
      subject: 'Re: Question 1',
      text: 'Answer',
      inReplyTo: '<q1@example.test>',
      references: ['<q0@example.test>', '<q1@example.test>'],
      autoSubmitted: 'auto-replied',
      attachments: [{ filename: 'note.txt', contentType: 'text/plain', content: Buffer.from('hello') }],
    });
    expect(sent.messageId).toBe('<reply-1@clinic.test>');
    const received = smtp.received.at(-1)!;
    expect(received.to).toEqual(['patient1@example.test']);
    expect(received.raw).toMatch(/^In-Reply-To: <q1@example.test>/m);
    expect(received.raw).toMatch(/^References: <q0@example.test> <q1@example.test>/m);
    expect(received.raw).toMatch(/^Auto-Submitted: auto-replied/m);
    expect(received.raw).toContain('filename=note.txt');
  });

  it('a refused SMTP sign-in is `auth`', async () => {
    const refused = { ...account(), password: 'nope' };
    await expect(
      carrier.send(refused, {
        messageId: '<x@clinic.test>',
        from: clinic.user,
        to: ['a@b.test'],
        subject: 's',
        text: 't',
      }),
    ).rejects.toMatchObject({ kind: 'auth' });
  });
});

describe('imapErrorKind', () => {
  it.each([
    [{ authenticationFailed: true }, 'auth'],
    [{ serverResponseCode: 'AUTHENTICATIONFAILED' }, 'auth'],
    [{ serverResponseCode: 'EXPIRED' }, 'auth'],
    [{ code: 'ETHROTTLE' }, 'rate-limited'],
    [{ serverResponseCode: 'LIMIT' }, 'rate-limited'],
    [{ code: 'ECONNRESET' }, 'temporary'],
    [{ code: 'GREETING_TIMEOUT' }, 'temporary'],
    [{ code: 'ENOTFOUND' }, 'permanent'],
    [{ serverResponseCode: 'NONEXISTENT' }, 'permanent'],
  ] as const)('%o is %s', (failure, kind) => {
    expect(imapErrorKind(failure)).toBe(kind);
  });
});

describe('a refused OAuth 2 access token (XOAUTH2)', () => {
  it('is `auth` marked TOKEN_REFUSED, for IMAP and SMTP alike, only when the account signed in with a token', () => {
    const withToken = { accessToken: 'ya29.token' };
    expect(imapToCarrierError({ authenticationFailed: true }, withToken)).toMatchObject({
      kind: 'auth',
      carrierCode: TOKEN_REFUSED,
    });
    expect(smtpFailureToCarrierError({ code: 'EAUTH', responseCode: 535 }, withToken)).toMatchObject({
      kind: 'auth',
      carrierCode: TOKEN_REFUSED,
    });
    // A password refused, or another failure with a token: unchanged.
    expect(imapToCarrierError({ authenticationFailed: true }, {}).carrierCode).not.toBe(TOKEN_REFUSED);
    expect(imapToCarrierError({ code: 'ECONNRESET' }, withToken)).toMatchObject({ kind: 'temporary' });
  });
});

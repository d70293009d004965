import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_REFUSED } from '../mail-api-request';
import { failureOf } from '../testing/failure-of';
import { createGmailChannelCarrier } from './gmail-channel-carrier';
import { gmailRecorded } from './testing/gmail-recorded';
import { startGmailStandIn } from './testing/gmail-stand-in';

const address = 'accueil@clinic.test';
const account = { address, accessToken: 'ya29.a0-good' };
const mail = (n: number) =>
  `From: patient${n}@example.test\r\nTo: ${address}\r\nSubject: Rendez-vous ${n}\r\nMessage-ID: <g${n}@example.test>\r\n\r\nBonjour ${n}\r\n`;

let gmail: Awaited<ReturnType<typeof startGmailStandIn>>;
beforeAll(async () => {
  gmail = await startGmailStandIn({ address, accepts: (t) => t !== 'expired' });
});
afterAll(() => gmail?.close());
const carrier = () => createGmailChannelCarrier({ apiUrl: gmail.url });

describe('the Gmail vendor against a stand-in answering the recorded Gmail API', () => {
  it('verifies the account is the team’s address', async () => {
    await expect(carrier().verify(account)).resolves.toBeUndefined();
    const other = await failureOf(carrier().verify({ ...account, address: 'autre@clinic.test' }));
    expect(other).toMatchObject({ kind: 'permanent', carrierCode: 'mailbox-mismatch' });
  });

  it('reads the INBOX first, then only what its history added, by batches, and again after a forgotten history id', async () => {
    gmail.deliver(mail(1));
    gmail.deliver(mail(2));
    const first = await carrier().fetchSince(account, null, 50);
    expect(first.mails.map((m) => m.raw.toString())).toEqual([mail(1), mail(2)]);
    expect(first.more).toBe(false);
    for (let n = 3; n <= 7; n++) gmail.deliver(mail(n));
    const page = await carrier().fetchSince(account, first.cursor, 3);
    expect(page.mails.map((m) => m.raw.toString())).toEqual([mail(3), mail(4), mail(5)]);
    expect(page.more).toBe(true);
    const rest = await carrier().fetchSince(account, page.cursor, 3);
    expect(rest.mails.map((m) => m.raw.toString())).toEqual([mail(6), mail(7)]);
    expect(rest.more).toBe(false);
    expect((await carrier().fetchSince(account, rest.cursor, 3)).mails).toEqual([]);

    gmail.forgetHistory();
    gmail.deliver(mail(8));
    const again = await carrier().fetchSince(account, rest.cursor, 50);
    expect(again.mails.map((m) => m.raw.toString())).toContain(mail(8));
  });

  it('sends a reply in the thread of the mail it answers (messages.send with threadId)', async () => {
    const { id } = gmail.deliver(mail(9), 'thread-9');
    expect(id).toBeTruthy();
    await carrier().send(account, {
      messageId: '<reply-9@clinic.test>',
      from: address,
      to: ['patient9@example.test'],
      subject: 'Re: Rendez-vous 9',
      text: 'Bien reçu',
      inReplyTo: '<g9@example.test>',
      references: ['<g9@example.test>'],
    });
    const last = gmail.sent.at(-1)!;
    expect(last.threadId).toBe('thread-9');
    expect(last.raw.toString()).toMatch(/In-Reply-To: <g9@example.test>/);
    expect(last.raw.toString()).toMatch(/Message-ID: <reply-9@clinic.test>/);
  });

  it('maps the API’s refusals to the closed set; a refused token never disconnects by itself', async () => {
    const expired = await failureOf(carrier().fetchSince({ ...account, accessToken: 'expired' }, null, 5));
    expect(expired).toMatchObject({ kind: 'temporary', carrierCode: TOKEN_REFUSED });

    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.rateLimited);
    const throttled = await failureOf(carrier().fetchSince(account, { uidValidity: '1001', lastUid: 0 }, 5));
    expect(throttled).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7000 });

    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.insufficientPermissions);
    const scope = await failureOf(carrier().fetchSince(account, { uidValidity: '1001', lastUid: 0 }, 5));
    expect(scope.kind).toBe('auth');

    gmail.failNext('/gmail/v1/users/me/history', gmailRecorded.backendError);
    expect(
      (await failureOf(carrier().fetchSince(account, { uidValidity: '1001', lastUid: 0 }, 5))).kind,
    ).toBe('temporary');

    const closed = createGmailChannelCarrier({ apiUrl: 'http://127.0.0.1:1' });
    expect((await failureOf(closed.fetchSince(account, null, 5))).kind).toBe('temporary');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_REFUSED } from '../mail-api-request';
import { failureOf } from '../testing/failure-of';
import { createOutlookChannelCarrier } from './outlook-channel-carrier';
import { graphRecorded } from './testing/graph-recorded';
import { startGraphStandIn } from './testing/graph-stand-in';

const address = 'accueil@clinique.onmicrosoft.test';
const account = { address, accessToken: 'EwB-good' };
const mail = (n: number) =>
  `From: patient${n}@example.test\r\nTo: ${address}\r\nSubject: Visite ${n}\r\nMessage-ID: <o${n}@example.test>\r\n\r\nBonjour ${n}\r\n`;

let graph: Awaited<ReturnType<typeof startGraphStandIn>>;
beforeAll(async () => {
  graph = await startGraphStandIn({ address, accepts: (t) => t !== 'expired' });
});
afterAll(() => graph?.close());
const carrier = () => createOutlookChannelCarrier({ graphUrl: `${graph.url}/v1.0` });

describe('the Outlook vendor against a stand-in answering the recorded Microsoft Graph', () => {
  it('verifies the account is the team’s address', async () => {
    await expect(carrier().verify(account)).resolves.toBeUndefined();
    expect(await failureOf(carrier().verify({ ...account, address: 'x@clinic.test' }))).toMatchObject({
      carrierCode: 'mailbox-mismatch',
    });
  });

  it('follows the delta’s next links by batches, keeps the delta link, and starts again when it expired', async () => {
    for (let n = 1; n <= 5; n++) graph.deliver(mail(n));
    const first = await carrier().fetchSince(account, null, 3);
    expect(first.mails.map((m) => m.raw.toString())).toEqual([mail(1), mail(2), mail(3)]);
    expect(first.more).toBe(true);
    const second = await carrier().fetchSince(account, first.cursor, 3);
    expect(second.mails.map((m) => m.raw.toString())).toEqual([mail(4), mail(5)]);
    expect(second.more).toBe(false);
    expect(second.cursor.uidValidity).toContain('$deltatoken=');
    graph.deliver(mail(6));
    const third = await carrier().fetchSince(account, second.cursor, 3);
    expect(third.mails.map((m) => m.raw.toString())).toEqual([mail(6)]);

    graph.expireDeltaTokens();
    const again = await carrier().fetchSince(account, third.cursor, 10);
    expect(again.mails).toHaveLength(6);
  });

  it('never follows a stored link outside the configured Graph root (the token stays home)', async () => {
    const before = graph.requests.length;
    const batch = await carrier().fetchSince(
      account,
      { uidValidity: 'https://attacker.test/steal', lastUid: 0 },
      2,
    );
    expect(batch.mails.length).toBeGreaterThan(0);
    expect(graph.requests.slice(before)[0]!.url.pathname).toBe('/v1.0/me/mailFolders/inbox/messages/delta');
  });

  it('sends the reply as MIME, keeping its threading headers', async () => {
    await carrier().send(account, {
      messageId: '<reply-o@clinic.test>',
      from: address,
      to: ['patient1@example.test'],
      subject: 'Re: Visite 1',
      text: 'Bien reçu',
      inReplyTo: '<o1@example.test>',
      references: ['<o1@example.test>'],
    });
    const raw = graph.sent.at(-1)!.toString();
    expect(raw).toMatch(/In-Reply-To: <o1@example.test>/);
    expect(raw).toMatch(/Message-ID: <reply-o@clinic.test>/);
  });

  it('maps Graph’s refusals to the closed set', async () => {
    expect(
      await failureOf(carrier().fetchSince({ ...account, accessToken: 'expired' }, null, 5)),
    ).toMatchObject({
      kind: 'temporary',
      carrierCode: TOKEN_REFUSED,
    });
    graph.failNext('/v1.0/me/mailFolders', graphRecorded.throttled);
    expect(await failureOf(carrier().fetchSince(account, null, 5))).toMatchObject({
      kind: 'rate-limited',
      retryAfterMs: 11_000,
    });
    graph.failNext('/v1.0/me/mailFolders', graphRecorded.accessDenied);
    expect((await failureOf(carrier().fetchSince(account, null, 5))).kind).toBe('auth');
  });
});

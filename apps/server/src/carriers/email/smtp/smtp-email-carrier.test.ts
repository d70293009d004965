import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CarrierError } from '../email-carrier';
import { createSmtpEmailCarrier } from './smtp-email-carrier';
import { smtpErrorKind } from './smtp-errors';
import { startSmtpStandIn } from './testing/smtp-stand-in';

const mail = {
  from: 'Accueil <no-reply@accueil.test>',
  to: 'marie@clinique.test',
  subject: 'Réinitialisation de votre mot de passe',
  html: '<p>Bonjour <b>Marie</b></p>',
  text: 'Bonjour Marie',
  mailId: 'mail-1',
};

describe('SMTP e-mail carrier (against a local smtp-server)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());

  it('sends both parts with the envelope, headers and subject, and answers the Message-ID', async () => {
    const carrier = createSmtpEmailCarrier({ url: smtp.url() });
    const sent = await carrier.send(mail);
    const got = smtp.received.at(-1)!;
    expect(got.from).toBe('no-reply@accueil.test');
    expect(got.to).toEqual(['marie@clinique.test']);
    expect(got.raw).toMatch(/^Content-Type: multipart\/alternative/m);
    expect(got.raw).toMatch(/^Content-Type: text\/plain; charset=utf-8/m);
    expect(got.raw).toMatch(/^Content-Type: text\/html; charset=utf-8/m);
    // Header names are case-insensitive (nodemailer writes "Mail-ID").
    expect(got.raw).toMatch(/^X-Accueil-Mail-Id: mail-1\r?$/im);
    // The subject is MIME-encoded (it has accents); the Message-ID is the one the server took.
    expect(got.raw).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(sent.carrierMessageId).toMatch(/^<.+@.+>$/);
    expect(got.raw).toContain(`Message-ID: ${sent.carrierMessageId}`);
  });

  it('sends attachments as parts of their checked type, an inline one with its Content-ID, and the Reply-To', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await createSmtpEmailCarrier({ url: smtp.url() }).send({
      ...mail,
      replyTo: 'marie@clinique.test',
      attachments: [
        { filename: 'capture.png', contentType: 'image/png', content: png },
        { filename: 'chart.png', contentType: 'image/png', content: png, contentId: 'chart-1' },
      ],
    });
    const raw = smtp.received.at(-1)!.raw;
    expect(raw).toMatch(/^Reply-To: marie@clinique\.test\r?$/m);
    expect(raw).toMatch(/^Content-Type: multipart\/mixed/m);
    expect(raw).toMatch(/^Content-Disposition: attachment; filename=capture\.png\r?$/m);
    expect(raw).toMatch(/^Content-ID: <chart-1>\r?$/m);
    expect(raw).toContain(png.toString('base64'));
  });

  it('maps refused credentials to auth, keeping the reply code', async () => {
    const carrier = createSmtpEmailCarrier({ url: smtp.url('accueil', 'wrong') });
    const error = await carrier.send(mail).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierError);
    expect((error as CarrierError).kind).toBe('auth');
    expect((error as CarrierError).carrierCode).toBe('535');
  });

  it.each([
    [{ code: 550, message: '5.1.1 Mailbox unavailable' }, 'permanent', '550'],
    [{ code: 452, message: '4.2.2 Mailbox full' }, 'temporary', '452'],
    [{ code: 421, message: '4.7.0 Too many messages, slow down' }, 'rate-limited', '421'],
  ] as const)('maps a refused recipient (%o) to %s', async (refusal, kind, code) => {
    smtp.refuseRecipients(refusal);
    try {
      const error = await createSmtpEmailCarrier({ url: smtp.url() })
        .send(mail)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CarrierError);
      expect((error as CarrierError).kind).toBe(kind);
      expect((error as CarrierError).carrierCode).toBe(code);
      expect((error as CarrierError).message).toContain(refusal.message);
    } finally {
      smtp.refuseRecipients(null);
    }
  });
});

describe('SMTP e-mail carrier without a server', () => {
  let silent: Server;
  let port: number;
  beforeAll(async () => {
    // A server that accepts the connection and never greets.
    silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => silent.close(() => resolve())));

  it('maps a refused connection to temporary', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await createSmtpEmailCarrier({ url: `smtp://127.0.0.1:${closedPort}` })
      .send(mail)
      .catch((e: unknown) => e);
    expect((error as CarrierError).kind).toBe('temporary');
  });

  it('gives up on a server that never greets, within its greeting time limit, as temporary', async () => {
    const started = Date.now();
    const error = await createSmtpEmailCarrier({
      url: `smtp://127.0.0.1:${port}`,
      timeoutsMs: { greeting: 300 },
    })
      .send(mail)
      .catch((e: unknown) => e);
    expect((error as CarrierError).kind).toBe('temporary');
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('smtpErrorKind', () => {
  it('reads nodemailer codes when there is no SMTP reply', () => {
    expect(smtpErrorKind({ code: 'EAUTH' })).toBe('auth');
    expect(smtpErrorKind({ code: 'ENOAUTH' })).toBe('auth');
    expect(smtpErrorKind({ code: 'ETIMEDOUT' })).toBe('temporary');
    expect(smtpErrorKind({ code: 'EDNS' })).toBe('temporary');
    expect(smtpErrorKind({ code: 'EENVELOPE' })).toBe('permanent');
    expect(smtpErrorKind({})).toBe('permanent');
  });
  it('reads the reply code first', () => {
    expect(smtpErrorKind({ code: 'EENVELOPE', responseCode: 451, response: '451 4.3.0 try later' })).toBe(
      'temporary',
    );
    expect(smtpErrorKind({ code: 'EMESSAGE', responseCode: 554, response: '554 rejected' })).toBe(
      'permanent',
    );
    expect(smtpErrorKind({ responseCode: 530, response: '530 5.7.0 Authentication required' })).toBe('auth');
    expect(smtpErrorKind({ responseCode: 450, response: '450 4.7.1 rate limit exceeded' })).toBe(
      'rate-limited',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCarrierName, loadConfig } from '../../config';
import { buildUser } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { startSmtpStandIn } from './smtp/testing/smtp-stand-in';

describe('which e-mail carrier the configuration names', () => {
  it('is smtp when SMTP_URL is set, the sandbox otherwise, and EMAIL_CARRIER wins', () => {
    expect(emailCarrierName({ EMAIL_CARRIER: undefined, SMTP_URL: undefined })).toBe('sandbox');
    expect(emailCarrierName({ EMAIL_CARRIER: undefined, SMTP_URL: 'smtp://h:25' })).toBe('smtp');
    expect(emailCarrierName({ EMAIL_CARRIER: 'sandbox', SMTP_URL: 'smtp://h:25' })).toBe('sandbox');
  });

  it('refuses EMAIL_CARRIER=smtp without SMTP_URL, naming it', () => {
    expect(() => loadConfig({ EMAIL_CARRIER: 'smtp' })).toThrow(
      /SMTP_URL is required when EMAIL_CARRIER=smtp/,
    );
  });

  it('refuses SMTP in production without PUBLIC_URL (the links in mails would point to localhost)', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://h:25' })).toThrow(
      /PUBLIC_URL is required in production with SMTP/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://h:25', PUBLIC_URL: 'https://a.example' }),
    ).not.toThrow();
  });
});

describe('the app with SMTP_URL', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterAll(() => smtp.close());
  const t = useTestApp(() => ({
    SMTP_URL: smtp.url(),
    MAIL_FROM: 'Clinique <accueil@clinique.test>',
    PUBLIC_URL: 'https://accueil.clinique.test/',
    // The teams' mailboxes by IMAP too: the sandbox mailbox also serves the sandbox e-mail channel.
    EMAIL_CHANNEL_CARRIER: 'imap',
  }));

  it('sends its mails through the SMTP server, with links to PUBLIC_URL', async () => {
    expect(t.deps.email.name).toBe('smtp');
    const user = await buildUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { login: user.username },
    });
    await expect
      .poll(() => smtp.received.find((m) => m.to.includes(user.email)), { timeout: 10_000 })
      .toBeTruthy();
    const mail = smtp.received.find((m) => m.to.includes(user.email))!;
    expect(mail.from).toBe('accueil@clinique.test');
    // The parts are quoted-printable: undo its soft line breaks and its escaped "=".
    const decoded = mail.raw.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(decoded).toMatch(/https:\/\/accueil\.clinique\.test\/password-reset\?token=[\w-]{43}/);
  });

  it('has no sandbox mailbox route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sandbox/mail' })).statusCode).toBe(404);
  });
});

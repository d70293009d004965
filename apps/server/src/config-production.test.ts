import { describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { refuseUnsafeProduction, unsafeProductionSettings } from './config-production';

const TWILIO = {
  MESSAGING_CARRIER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC1',
  TWILIO_AUTH_TOKEN: 't',
  PUBLIC_URL: 'https://a.example',
  SMTP_URL: 'smtps://u:p@smtp.a.example',
  EMAIL_CHANNEL_CARRIER: 'imap',
  EMAIL_SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'),
};

describe('production refuses the sandbox and the demo', () => {
  it('refuses the sandbox carrier in production, saying why', () => {
    const config = loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'false' });
    expect(() => refuseUnsafeProduction(config)).toThrow(
      /MESSAGING_CARRIER=sandbox[\s\S]*contacts[\s\S]*ALLOW_SANDBOX_IN_PRODUCTION/,
    );
  });

  it('refuses the demo data in production, saying why', () => {
    const config = loadConfig({ NODE_ENV: 'production', ...TWILIO, SEED_DEMO: 'true' });
    expect(() => refuseUnsafeProduction(config)).toThrow(/SEED_DEMO=true[\s\S]*published password/);
    expect(unsafeProductionSettings(config)).toHaveLength(1);
  });

  it('refuses the sandbox mailbox in production, saying why', () => {
    const { SMTP_URL: _none, ...withoutSmtp } = TWILIO;
    const config = loadConfig({ NODE_ENV: 'production', ...withoutSmtp, SEED_DEMO: 'false' });
    expect(() => refuseUnsafeProduction(config)).toThrow(
      /EMAIL_CARRIER=sandbox[\s\S]*reset links[\s\S]*SMTP_URL/,
    );
    expect(unsafeProductionSettings(config)).toHaveLength(1);
  });

  it('refuses an OAuth provider endpoint that is not the provider’s own (a stand-in) in production', () => {
    const google = { GOOGLE_OAUTH_CLIENT_ID: 'id', GOOGLE_OAUTH_CLIENT_SECRET: 'secret' };
    const real = loadConfig({ NODE_ENV: 'production', ...TWILIO, ...google, SEED_DEMO: 'false' });
    expect(unsafeProductionSettings(real)).toEqual([]);
    const standIn = loadConfig({
      NODE_ENV: 'production',
      ...TWILIO,
      ...google,
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:9999/token',
      SEED_DEMO: 'false',
    });
    expect(() => refuseUnsafeProduction(standIn)).toThrow(
      /GOOGLE_OAUTH_TOKEN_URL=http:\/\/127\.0\.0\.1:9999\/token/,
    );
    const { EMAIL_SECRETS_KEY: _k, ...withoutKey } = TWILIO;
    expect(() =>
      loadConfig({ NODE_ENV: 'production', ...withoutKey, EMAIL_CHANNEL_CARRIER: 'sandbox', ...google }),
    ).toThrow(/EMAIL_SECRETS_KEY/);
  });

  it('refuses the sandbox mailboxes of the e-mail channel in production, saying why', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      ...TWILIO,
      EMAIL_CHANNEL_CARRIER: 'sandbox',
      SEED_DEMO: 'false',
    });
    expect(() => refuseUnsafeProduction(config)).toThrow(
      /EMAIL_CHANNEL_CARRIER=sandbox[\s\S]*any team's mailbox[\s\S]*EMAIL_CHANNEL_CARRIER=imap/,
    );
    expect(unsafeProductionSettings(config)).toHaveLength(1);
  });

  it('needs EMAIL_SECRETS_KEY in production with IMAP mailboxes', () => {
    const { EMAIL_SECRETS_KEY: _none, ...withoutKey } = TWILIO;
    expect(() => loadConfig({ NODE_ENV: 'production', ...withoutKey })).toThrow(/EMAIL_SECRETS_KEY/);
  });

  it('refuses all four by default in production (sandbox carriers and demo are the defaults)', () => {
    expect(unsafeProductionSettings(loadConfig({ NODE_ENV: 'production' }))).toHaveLength(4);
  });

  it('starts in production with Twilio, SMTP and without the demo', () => {
    expect(() =>
      refuseUnsafeProduction(loadConfig({ NODE_ENV: 'production', ...TWILIO, SEED_DEMO: 'false' })),
    ).not.toThrow();
  });

  it('starts with both when ALLOW_SANDBOX_IN_PRODUCTION=true is set on purpose', () => {
    expect(() =>
      refuseUnsafeProduction(loadConfig({ NODE_ENV: 'production', ALLOW_SANDBOX_IN_PRODUCTION: 'true' })),
    ).not.toThrow();
  });

  it('allows both outside production (development and tests use them)', () => {
    expect(unsafeProductionSettings(loadConfig({}))).toEqual([]);
    expect(unsafeProductionSettings(loadConfig({ NODE_ENV: 'test' }))).toEqual([]);
  });

  it('makes buildApp refuse before opening anything', async () => {
    await expect(
      buildApp(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/nonexistent/accueil-refused' })),
    ).rejects.toThrow(/Refusing to start with NODE_ENV=production/);
  });
});

import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('gives working defaults on a fresh machine', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      SEED_DEMO: true,
      MESSAGING_CARRIER: 'sandbox',
      TRUST_PROXY: false,
      LOGIN_RATE_LIMIT_PER_MINUTE: 30,
    });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('reads booleans and numbers, ignoring empty values', () => {
    const c = loadConfig({ SEED_DEMO: 'false', PORT: '8080', TRUST_PROXY: 'yes', DATABASE_URL: '' });
    expect(c).toMatchObject({ SEED_DEMO: false, PORT: 8080, TRUST_PROXY: true });
    expect(c.DATABASE_URL).toBeUndefined();
  });

  it('lists every invalid variable', () => {
    expect(() => loadConfig({ PORT: 'abc', MESSAGING_CARRIER: 'pigeon' })).toThrow(
      /PORT[\s\S]*MESSAGING_CARRIER|MESSAGING_CARRIER[\s\S]*PORT/,
    );
  });

  it('takes the IMAP hosts’ OAuth server with its client, only with the IMAP vendor, https in production', () => {
    const imapOAuth = {
      EMAIL_CHANNEL_CARRIER: 'imap',
      IMAP_OAUTH_ISSUER: 'http://127.0.0.1:3999',
      IMAP_OAUTH_CLIENT_ID: 'accueil',
      IMAP_OAUTH_CLIENT_SECRET: 'secret',
    };
    expect(loadConfig(imapOAuth)).toMatchObject({ IMAP_OAUTH_SCOPES: 'openid email offline_access' });
    expect(() => loadConfig({ ...imapOAuth, IMAP_OAUTH_CLIENT_SECRET: undefined })).toThrow(
      /IMAP_OAUTH_ISSUER, IMAP_OAUTH_CLIENT_ID and IMAP_OAUTH_CLIENT_SECRET go together/,
    );
    expect(() => loadConfig({ ...imapOAuth, EMAIL_CHANNEL_CARRIER: 'sandbox' })).toThrow(
      /IMAP_OAUTH_\* needs EMAIL_CHANNEL_CARRIER=imap/,
    );
    expect(() =>
      loadConfig({
        ...imapOAuth,
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        EMAIL_SECRETS_KEY: Buffer.alloc(32).toString('base64'),
        PUBLIC_URL: 'https://accueil.example',
      }),
    ).toThrow(/IMAP_OAUTH_ISSUER must be https in production/);
  });

  it('requires Twilio credentials and PUBLIC_URL with the Twilio carrier', () => {
    expect(() => loadConfig({ MESSAGING_CARRIER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*PUBLIC_URL/,
    );
    expect(
      loadConfig({
        MESSAGING_CARRIER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_AUTH_TOKEN: 't',
        PUBLIC_URL: 'https://a.example',
      }).MESSAGING_CARRIER,
    ).toBe('twilio');
  });

  it('requires the account, an API key and its secret, a TwiML application, the auth token and PUBLIC_URL with the Twilio voice carrier', () => {
    expect(loadConfig({}).VOICE_CARRIER).toBe('sandbox');
    expect(() => loadConfig({ VOICE_CARRIER: 'twilio' })).toThrow(
      /TWILIO_ACCOUNT_SID[\s\S]*TWILIO_API_KEY_SID[\s\S]*TWILIO_API_KEY_SECRET[\s\S]*TWILIO_TWIML_APP_SID[\s\S]*TWILIO_AUTH_TOKEN[\s\S]*PUBLIC_URL/,
    );
    expect(() =>
      loadConfig({
        VOICE_CARRIER: 'twilio',
        TWILIO_ACCOUNT_SID: 'AC1',
        TWILIO_API_KEY_SID: 'SK1',
        TWILIO_API_KEY_SECRET: 's',
      }),
    ).toThrow(/TWILIO_TWIML_APP_SID/);
    const env = {
      VOICE_CARRIER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_API_KEY_SID: 'SK1',
      TWILIO_API_KEY_SECRET: 's',
      TWILIO_TWIML_APP_SID: 'AP1',
    };
    expect(() => loadConfig(env)).toThrow(/TWILIO_AUTH_TOKEN[\s\S]*PUBLIC_URL/);
    expect(
      loadConfig({ ...env, TWILIO_AUTH_TOKEN: 't', PUBLIC_URL: 'https://accueil.example.com' }).VOICE_CARRIER,
    ).toBe('twilio');
  });

  it('requires a JWT secret of 32+ characters in production with an external database', () => {
    const env = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h:5432/db' };
    expect(() => loadConfig(env)).toThrow(/JWT_SECRET/);
    expect(() => loadConfig({ ...env, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET/);
    expect(loadConfig({ ...env, JWT_SECRET: 'x'.repeat(32) }).JWT_SECRET).toHaveLength(32);
  });
});

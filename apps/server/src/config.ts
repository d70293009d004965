import {
  PASSWORD_FORGOT_RATE_LIMIT,
  SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE,
  SEND_RATE_LIMIT_PER_USER_PER_MINUTE,
} from '@accueil/domain';
import { z } from 'zod';
import { emailOAuthConfigShape, imapOAuthIssues } from './config-email-oauth';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The server's configuration: the only reader of `process.env` (docs/architecture.md). Every variable
 * is listed in `.env.example`. Missing production secrets stop the server with a clear message.
 */
export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Embedded database, uploads and recordings (git-ignored). */
    DATA_DIR: z.string().default('./data'),
    /** A real PostgreSQL (≥ 15). When absent, PGlite runs embedded in DATA_DIR. */
    DATABASE_URL: z.string().url().optional(),
    /**
     * Connections of the app's PostgreSQL pool per process (with DATABASE_URL): the queries in
     * flight at once (requests, and the jobs' batches with their carrier calls' writes).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
    /** Redis for the Socket.IO adapter: events fan out across server processes. */
    REDIS_URL: z.string().url().optional(),
    /**
     * How long (ms) a user stays online after their last browser's realtime connection closed, so
     * that a reload or a short network cut does not make them flap offline (docs/behaviour/realtime.md).
     */
    PRESENCE_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
    /**
     * How often (ms) each process sets offline the users the database shows present with no
     * browser connected anywhere (a process that died could not); 0 turns it off (docs/behaviour/realtime.md).
     */
    PRESENCE_SWEEP_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
    /** Create the demo organisations on first start with an empty database. */
    SEED_DEMO: bool.default(true),
    /**
     * With NODE_ENV=production the server refuses to start with the sandbox carrier or the demo
     * data (see `refuseUnsafeProduction` in config-production.ts) unless this is true: for a staging copy that knowingly
     * exposes them.
     */
    ALLOW_SANDBOX_IN_PRODUCTION: bool.default(false),
    /** Secret that signs access tokens. Generated and kept in DATA_DIR when absent (embedded mode only). */
    JWT_SECRET: z.string().min(32).optional(),
    /**
     * Web Push's VAPID key pair (base64url, as `web-push generate-vapid-keys` prints them), both or
     * neither; absent: generated at the first start and kept in the database (table
     * `push_vapid_keys`), shared by every process (docs/behaviour/notifications.md, "Web Push").
     */
    VAPID_PUBLIC_KEY: z.string().min(80).max(100).optional(),
    VAPID_PRIVATE_KEY: z.string().min(40).max(50).optional(),
    /** The contact the push services may reach (`mailto:` or `https:`); default `mailto:` + SUPPORT_EMAIL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:)/)
      .optional(),
    /**
     * Tests only: push endpoints on private or loopback addresses, and over http, are accepted (a
     * local stand-in of a push service). Refused in production.
     */
    PUSH_ALLOW_PRIVATE_ENDPOINTS: bool.default(false),
    /** Where the built web app is; served with SPA fallback when it exists. */
    WEB_DIST_DIR: z.string().optional(),
    MESSAGING_CARRIER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    TWILIO_ACCOUNT_SID: z.string().optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    /** Override of Twilio's API base (tests point it at a local server). */
    TWILIO_API_BASE_URL: z.string().url().optional(),
    /**
     * Texts per second Twilio accepts from one sender number (a long code ≈ 1; a toll-free or
     * short code more): sends wait for their number's slot (docs/carriers.md).
     */
    TWILIO_SENDS_PER_SECOND_PER_NUMBER: z.coerce.number().positive().max(1000).default(1),
    /**
     * Which voice carrier serves browser calls: `sandbox` (the app's own, default) or `twilio`
     * (Twilio Voice: needs the account SID, an API key and secret, and a TwiML application; and
     * the auth token and `PUBLIC_URL`, over which its webhooks are signed).
     */
    VOICE_CARRIER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    /** Twilio API key (SK…) and its secret, which sign the voice access tokens. */
    TWILIO_API_KEY_SID: z.string().optional(),
    TWILIO_API_KEY_SECRET: z.string().optional(),
    /** The TwiML application (AP…) whose voice URL Twilio calls for calls placed from a browser. */
    TWILIO_TWIML_APP_SID: z.string().optional(),
    /** The public base URL carriers call (webhooks are signed over it), e.g. https://accueil.example.com */
    PUBLIC_URL: z.string().url().optional(),
    /**
     * The organisations (ids, comma-separated) offered the consultations screen and its menu entry
     * (spec: "only for a fixed list of organisations"; docs/behaviour/library.md). Empty: none.
     */
    CONSULTATION_ORGANIZATION_IDS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((id) => id.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.uuid())),
    /**
     * Which e-mail carrier sends the app's mails: `smtp` (nodemailer, to `SMTP_URL`) or
     * `sandbox` (kept in the database and shown at /sandbox/mail). Default: `smtp` when
     * `SMTP_URL` is set, else `sandbox` (see `emailCarrierName`).
     */
    EMAIL_CARRIER: z.enum(['sandbox', 'smtp']).optional(),
    /**
     * The SMTP server, as a URL: `smtps://user:password@smtp.example.com:465` (TLS from the
     * start) or `smtp://user:password@smtp.example.com:587` (STARTTLS when the server offers
     * it); user and password percent-encoded. Query parameters are nodemailer's options.
     */
    SMTP_URL: z.string().url().optional(),
    /**
     * Who reads and sends the teams' own mailboxes (the e-mail channel, docs/behaviour/email.md):
     * `imap` (each team's IMAP and SMTP servers, set in its mailbox settings) or `sandbox` (the
     * sandbox mailbox at /sandbox/mail plays the contacts' mail programs; the default).
     */
    EMAIL_CHANNEL_CARRIER: z.enum(['sandbox', 'imap']).default('sandbox'),
    ...emailOAuthConfigShape,
    /**
     * Key (32 bytes, base64) that encrypts the teams' mailbox passwords at rest (AES-256-GCM).
     * Absent: derived from JWT_SECRET (HKDF); required in production with EMAIL_CHANNEL_CARRIER=imap.
     */
    EMAIL_SECRETS_KEY: z
      .string()
      .refine((v) => Buffer.from(v, 'base64').length === 32, 'EMAIL_SECRETS_KEY must be 32 bytes in base64')
      .optional(),
    /** The sender of every mail: an address, or `Name <address>`. */
    MAIL_FROM: z.string().min(3).default('Accueil <no-reply@accueil.localhost>'),
    /** Where the report-a-problem dialog's requests are mailed (docs/behaviour/support.md). */
    SUPPORT_EMAIL: z.email().default('support@accueil.localhost'),
    /**
     * The support line the help menu's "Talk with support" calls through the browser phone (E.164:
     * + then 8 to 15 digits); absent, the entry is hidden (docs/behaviour/support.md).
     */
    SUPPORT_PHONE_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{7,14}$/, 'SUPPORT_PHONE_NUMBER must be an E.164 number (+15145550100)')
      .optional(),
    /**
     * Where files are kept (logos, greetings' audio, import files, recordings): `disk` (under
     * DATA_DIR/files) or `s3`. Default: `s3` when `S3_BUCKET` is set, else `disk` (see `storageCarrierName`).
     */
    STORAGE_CARRIER: z.enum(['disk', 's3']).optional(),
    /** The S3 bucket (AWS or any S3-compatible service) the files go to. */
    S3_BUCKET: z.string().min(3).optional(),
    /** The bucket's region (`ca-central-1`; S3-compatible services often take any). */
    S3_REGION: z.string().min(1).default('us-east-1'),
    /** An S3-compatible service's URL (MinIO, Cloudflare R2, Scaleway…); absent: AWS. */
    S3_ENDPOINT: z.string().url().optional(),
    /** The access key and its secret; both absent: the SDK's default chain (an instance or task role). */
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Path-style addresses (`endpoint/bucket/key`), which most S3-compatible services need. */
    S3_FORCE_PATH_STYLE: bool.default(false),
    /** Sign-in attempts allowed per client IP per minute (on top of 5 failures per username per 15 min). */
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    /** "Password forgotten" requests allowed per client IP per 15 minutes; 429 `too-many-requests` past it. */
    PASSWORD_FORGOT_RATE_LIMIT: z.coerce.number().int().min(1).default(PASSWORD_FORGOT_RATE_LIMIT),
    /** Texts a user may send (new conversations + messages) per minute; 429 `too-many-requests` past it. */
    SEND_RATE_LIMIT_PER_USER_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(SEND_RATE_LIMIT_PER_USER_PER_MINUTE),
    /** Texts an organisation may send per minute, all its users together. */
    SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1)
      .default(SEND_RATE_LIMIT_PER_ORGANIZATION_PER_MINUTE),
    /** Behind a load balancer / reverse proxy: trust X-Forwarded-For for the client IP. */
    TRUST_PROXY: bool.default(false),
  })
  .superRefine((c, ctx) => {
    if (c.MESSAGING_CARRIER === 'twilio') {
      for (const key of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'PUBLIC_URL'] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when MESSAGING_CARRIER=twilio`,
          });
      }
    }
    if (c.VOICE_CARRIER === 'twilio') {
      for (const key of [
        'TWILIO_ACCOUNT_SID',
        'TWILIO_API_KEY_SID',
        'TWILIO_API_KEY_SECRET',
        'TWILIO_TWIML_APP_SID',
        'TWILIO_AUTH_TOKEN',
        'PUBLIC_URL',
      ] as const) {
        if (!c[key])
          ctx.addIssue({
            code: 'custom',
            path: [key],
            message: `${key} is required when VOICE_CARRIER=twilio`,
          });
      }
    }
    if (c.EMAIL_CARRIER === 'smtp' && !c.SMTP_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'SMTP_URL is required when EMAIL_CARRIER=smtp',
      });
    }
    if (c.STORAGE_CARRIER === 's3' && !c.S3_BUCKET) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET is required when STORAGE_CARRIER=s3',
      });
    }
    if (Boolean(c.S3_ACCESS_KEY_ID) !== Boolean(c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_SECRET_ACCESS_KEY'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
    if (c.NODE_ENV === 'production' && emailCarrierName(c) === 'smtp' && !c.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: 'PUBLIC_URL is required in production with SMTP: the links in mails point to it',
      });
    }
    for (const issue of imapOAuthIssues(c))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
    const oauth = c.GOOGLE_OAUTH_CLIENT_ID || c.MICROSOFT_OAUTH_CLIENT_ID || c.IMAP_OAUTH_CLIENT_ID;
    if (
      c.NODE_ENV === 'production' &&
      (c.EMAIL_CHANNEL_CARRIER === 'imap' || oauth) &&
      !c.EMAIL_SECRETS_KEY
    ) {
      ctx.addIssue({
        code: 'custom',
        path: ['EMAIL_SECRETS_KEY'],
        message:
          'EMAIL_SECRETS_KEY (32 bytes, base64) is required in production with EMAIL_CHANNEL_CARRIER=imap or a Google, Microsoft or IMAP OAuth client',
      });
    }
    if (c.NODE_ENV === 'production' && oauth && !c.PUBLIC_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message:
          'PUBLIC_URL is required with a Google, Microsoft or IMAP OAuth client: the providers redirect to it',
      });
    }
    if (Boolean(c.VAPID_PUBLIC_KEY) !== Boolean(c.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PRIVATE_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (both or neither)',
      });
    }
    if (c.NODE_ENV === 'production' && c.PUSH_ALLOW_PRIVATE_ENDPOINTS) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUSH_ALLOW_PRIVATE_ENDPOINTS'],
        message:
          'PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests only: it lets users make the server call private addresses',
      });
    }
    if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.JWT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['JWT_SECRET'],
        message: 'JWT_SECRET (≥ 32 characters) is required in production with DATABASE_URL',
      });
    }
  });

export type Config = z.infer<typeof configSchema>;

/** The e-mail carrier the configuration names: `EMAIL_CARRIER`, else `smtp` when `SMTP_URL` is set, else `sandbox`. */
export function emailCarrierName(config: Pick<Config, 'EMAIL_CARRIER' | 'SMTP_URL'>): 'sandbox' | 'smtp' {
  return config.EMAIL_CARRIER ?? (config.SMTP_URL ? 'smtp' : 'sandbox');
}

/** The storage carrier the configuration names: `STORAGE_CARRIER`, else `s3` when `S3_BUCKET` is set, else `disk`. */
export function storageCarrierName(config: Pick<Config, 'STORAGE_CARRIER' | 'S3_BUCKET'>): 'disk' | 's3' {
  return config.STORAGE_CARRIER ?? (config.S3_BUCKET ? 's3' : 'disk');
}

/**
 * The base of the links the app puts in its mails (`<base>/password-reset?token=…`): `PUBLIC_URL`
 * without its trailing slash, else this server on localhost (development and tests). Never
 * taken from a request's Host header, which a sender of a reset request chooses.
 */
export function appBaseUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT'>): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/+$/, '') : `http://localhost:${config.PORT}`;
}

/**
 * Reads the configuration from an environment object (default `process.env`).
 * @throws Error listing every invalid or missing variable.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(config)'}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

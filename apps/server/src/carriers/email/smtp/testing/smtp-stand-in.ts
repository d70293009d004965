import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the stand-in received: the envelope and the raw message (headers and MIME parts). */
export type ReceivedMail = { from: string; to: string[]; raw: string };

/** An SMTP refusal the stand-in answers a recipient with: reply code and text. */
export type SmtpRefusal = { code: number; message: string };

/**
 * A local SMTP server (smtp-server) for the carrier's tests: plain SMTP on 127.0.0.1 (no TLS),
 * requiring `user`/`password`, keeping what it receives. `refuseRecipient` answers RCPT TO with
 * a refusal instead (to test the error mapping). With `accessTokenOwner`, it also takes SASL
 * XOAUTH2: the token is let in when that function (an RFC 7662 introspection at the test's
 * OAuth server) answers `user`; otherwise the XOAUTH2 refusal (a 334 error status, then 535).
 */
export async function startSmtpStandIn(
  options: {
    user?: string;
    password?: string;
    accessTokenOwner?: (token: string) => Promise<string | null>;
  } = {},
) {
  const user = options.user ?? 'accueil';
  const password = options.password ?? 'secret';
  const received: ReceivedMail[] = [];
  let refusal: SmtpRefusal | null = null;
  const refuse = (r: SmtpRefusal) => Object.assign(new Error(r.message), { responseCode: r.code });
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    authMethods: options.accessTokenOwner ? ['PLAIN', 'LOGIN', 'XOAUTH2'] : ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (auth.method === 'XOAUTH2' && options.accessTokenOwner) {
        options.accessTokenOwner(auth.accessToken ?? '').then(
          (owner) =>
            owner !== null && owner.toLowerCase() === auth.username?.toLowerCase()
              ? callback(null, { user: auth.username })
              : callback(null, { data: { status: '401', schemes: 'bearer', scope: 'email' } }),
          (error: unknown) => callback(error as Error),
        );
        return;
      }
      if (auth.username === user && auth.password === password) callback(null, { user: auth.username });
      else callback(refuse({ code: 535, message: 'Authentication credentials invalid' }));
    },
    onRcptTo(_address, _session, callback) {
      callback(refusal ? refuse(refusal) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback(null);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** The SMTP URL of this server with the given credentials (default: the right ones). */
    url: (u = user, p = password) =>
      `smtp://${encodeURIComponent(u)}:${encodeURIComponent(p)}@127.0.0.1:${port}`,
    /** Refuse every recipient from now on with this reply (null: accept again). */
    refuseRecipients: (r: SmtpRefusal | null) => {
      refusal = r;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

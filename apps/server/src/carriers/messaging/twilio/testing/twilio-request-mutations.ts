import { createHmac } from 'node:crypto';
import fc from 'fast-check';

/** Form parameters in the order they are posted (a repeated name is two pairs). */
export type FormPairs = [string, string][];

/** A validly signed webhook request: the path (with query) it is posted to, its form, its signature. */
export type SignedWebhook = { name: string; path: string; pairs: FormPairs; signature: string };

/** An HTTP request as `app.inject` sends it. */
export type ForgedRequest = {
  kind: string;
  url: string;
  headers: Record<string, string | string[]>;
  body: string;
  /** The answer a refused request must get: 403 `signature-invalid`, or 415 for a body that is not a form. */
  expectedStatus: 403 | 415;
};

/**
 * Twilio's signature, computed independently of the library: base64 HMAC-SHA1 (auth token)
 * over the full URL followed by every parameter name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, pairs: FormPairs): string {
  const data = [...pairs]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .reduce((acc, [k, v]) => acc + k + v, url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

/** The form body of `pairs` (`application/x-www-form-urlencoded`). */
export const formBody = (pairs: FormPairs): string => new URLSearchParams(pairs).toString();

const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };

/** The request exactly as Twilio would send it (the positive control). */
export function genuineRequest(base: SignedWebhook, signatureHeader = 'x-twilio-signature'): ForgedRequest {
  return {
    kind: 'genuine',
    url: base.path,
    headers: { ...FORM_HEADERS, [signatureHeader]: base.signature },
    body: formBody(base.pairs),
    expectedStatus: 403,
  };
}

/** Any text that survives the form encoding unchanged (lone surrogates are not transmissible). */
const anyText = fc
  .oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.constantFrom('', ' ', '\0', '+', '&', '=', '%', '%00', '\u202e', '👩‍👩‍👧', 'x'.repeat(2000)),
  )
  .map((s) => Buffer.from(s, 'utf8').toString('utf8'));
const paramName = fc.oneof(
  anyText,
  fc.constantFrom(
    '__proto__',
    'constructor',
    'toString',
    'hasOwnProperty',
    'Body',
    'bodySHA256',
    'MessageSid',
  ),
);
const alnum = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
  minLength: 1,
  maxLength: 12,
});

type Ctx = {
  authToken: string;
  publicUrl: string;
  host: string;
  otherBases: SignedWebhook[];
  otherPath: string;
};
type Mutation = (base: SignedWebhook, ctx: Ctx) => fc.Arbitrary<ForgedRequest>;

const forged = (
  kind: string,
  base: SignedWebhook,
  over: Partial<ForgedRequest> & { pairs?: FormPairs; signature?: string },
): ForgedRequest => ({
  kind,
  url: over.url ?? base.path,
  headers: over.headers ?? { ...FORM_HEADERS, 'x-twilio-signature': over.signature ?? base.signature },
  body: over.body ?? formBody(over.pairs ?? base.pairs),
  expectedStatus: over.expectedStatus ?? 403,
});

/** The same form, signed (with the right token) over another URL than the one it is posted to. */
const signedOver = (kind: string, base: SignedWebhook, ctx: Ctx, url: string) =>
  forged(kind, base, { signature: twilioSignature(ctx.authToken, url, base.pairs) });

const changedValue: Mutation = (base) =>
  fc
    .tuple(fc.nat(base.pairs.length - 1), anyText)
    .filter(([i, v]) => base.pairs[i]![1] !== v)
    .map(([i, v]) =>
      forged('changed-value', base, { pairs: base.pairs.map(([k, old], j) => [k, j === i ? v : old]) }),
    );

const removedParam: Mutation = (base) =>
  fc
    .nat(base.pairs.length - 1)
    .map((i) => forged('removed-param', base, { pairs: base.pairs.filter((_, j) => j !== i) }));

/** A new name, or a repeated name with another value ("X=a&X=a" is the same signed content as "X=a"). */
const extraParam: Mutation = (base) =>
  fc
    .tuple(paramName, anyText, fc.nat(base.pairs.length))
    .filter(([k, v]) => !base.pairs.some(([bk, bv]) => bk === k && bv === v))
    .map(([k, v, at]) =>
      forged('extra-param', base, { pairs: [...base.pairs.slice(0, at), [k, v], ...base.pairs.slice(at)] }),
    );

const otherHost: Mutation = (base, ctx) =>
  fc
    .oneof(
      fc.domain(),
      fc.constantFrom(
        `www.${ctx.host}`,
        `${ctx.host}.`,
        `${ctx.host}.evil.test`,
        `user@${ctx.host}`,
        ctx.host.toUpperCase(),
        '127.0.0.1',
        '[::1]',
      ),
    )
    .filter((h) => h !== ctx.host)
    .map((h) => signedOver('host', base, ctx, `https://${h}${base.path}`));

const otherScheme: Mutation = (base, ctx) =>
  fc
    .constantFrom('http', 'HTTPS', 'wss', 'ftp', 'http+unix')
    .map((s) => signedOver('scheme', base, ctx, `${s}://${ctx.host}${base.path}`));

/** Any port but 443, which is the same URL as none for https. */
const otherPort: Mutation = (base, ctx) =>
  fc
    .oneof(
      fc.integer({ min: 0, max: 65535 }).filter((p) => p !== 443),
      fc.constantFrom(80, 8443, 3000),
    )
    .chain((p) => fc.constantFrom(`https://${ctx.host}:${p}`, `http://${ctx.host}:${p === 80 ? 443 : p}`))
    .map((origin) => signedOver('port', base, ctx, origin + base.path));

const otherPath: Mutation = (base, ctx) => {
  const [path, query = ''] = base.path.split('?') as [string, string?];
  const q = query ? `?${query}` : '';
  return fc
    .oneof(
      fc.constantFrom(
        `${path}/`,
        path.toUpperCase(),
        path.slice(0, -1),
        `${path}/x`,
        path.replace(/\/([^/]+)$/, '/../twilio/$1'),
        path.replace(/a/, '%61'),
        `/prefix${path}`,
        ctx.otherPath,
      ),
      alnum.map((seg) => `${path}/${seg}`),
    )
    .map((p) => signedOver('path', base, ctx, `${ctx.publicUrl}${p}${q}`));
};

/** Posted to the other webhook with this one's signature. */
const postedElsewhere: Mutation = (base, ctx) =>
  fc.constant(forged('posted-to-other-path', base, { url: ctx.otherPath }));

const otherQuery: Mutation = (base, ctx) =>
  fc.tuple(alnum, alnum, fc.constantFrom('request', 'signed', 'both')).map(([k, v, where]) => {
    const withQuery = `${base.path}${base.path.includes('?') ? '&' : '?'}${k}=${v}`;
    if (where === 'request') return forged('query', base, { url: withQuery });
    if (where === 'signed') return signedOver('query', base, ctx, ctx.publicUrl + withQuery);
    return forged('query', base, {
      url: withQuery,
      signature: twilioSignature(ctx.authToken, `${ctx.publicUrl}${base.path}?${k}=${v}x`, base.pairs),
    });
  });

const flipBit = (sig: string, bit: number) => {
  const bytes = Buffer.from(sig, 'base64');
  bytes[bit >> 3]! ^= 1 << (bit & 7);
  return bytes.toString('base64');
};
const swapCase = (s: string) =>
  s.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()));

const badSignature: Mutation = (base, ctx) =>
  fc
    .oneof(
      fc.nat(159).map((bit) => flipBit(base.signature, bit)),
      fc.nat(base.signature.length - 1).map((n) => base.signature.slice(0, n)),
      fc.constantFrom(
        base.signature.replace(/=+$/, ''),
        base.signature.replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, ''),
        Buffer.from(base.signature, 'base64').toString('hex'),
        swapCase(base.signature),
        `${base.signature}=`,
        `sha1=${base.signature}`,
        `${base.signature}, ${base.signature}`,
        twilioSignature(`${ctx.authToken}x`, ctx.publicUrl + base.path, base.pairs),
        twilioSignature('', ctx.publicUrl + base.path, base.pairs),
      ),
      anyText,
    )
    .filter((s) => s !== base.signature)
    .map((signature) => forged('signature', base, { signature }));

/** A valid signature of another request (another fixture, or the other webhook) replayed with this body. */
const replay: Mutation = (base, ctx) =>
  fc.constantFrom(...ctx.otherBases).map((other) => forged('replay', base, { signature: other.signature }));

const headerTricks: Mutation = (base) =>
  fc
    .oneof(
      fc
        .constantFrom<string[]>(
          [base.signature, 'forged'],
          ['forged', base.signature],
          [base.signature, base.signature],
        )
        .map((values) => ({ 'x-twilio-signature': values })),
      fc
        .constantFrom(
          'x-twilio-signature-2',
          'x_twilio_signature',
          'twilio-signature',
          'x-twilio-signature ',
          'authorization',
        )
        .map((name) => ({ [name]: base.signature })),
    )
    .map((h) => forged('header', base, { headers: { ...FORM_HEADERS, ...h } }));

/** The signed parameters in another body type: webhooks take Twilio's form bodies only. */
const notAForm: Mutation = (base) =>
  fc
    .constantFrom(
      { 'content-type': 'application/json', body: JSON.stringify(Object.fromEntries(base.pairs)) },
      { 'content-type': 'text/plain', body: formBody(base.pairs) },
      { 'content-type': 'multipart/form-data; boundary=x', body: formBody(base.pairs) },
    )
    .map(({ body, ...type }) =>
      forged('content-type', base, {
        headers: { ...type, 'x-twilio-signature': base.signature },
        body,
        expectedStatus: 415,
      }),
    );

/** Every way of forging a webhook request, each a fast-check arbitrary over one signed request. */
export function forgedRequest(base: SignedWebhook, ctx: Ctx): fc.Arbitrary<ForgedRequest> {
  const mutations = [
    changedValue,
    removedParam,
    extraParam,
    otherHost,
    otherScheme,
    otherPort,
    otherPath,
    postedElsewhere,
    otherQuery,
    badSignature,
    replay,
    headerTricks,
    notAForm,
  ];
  return fc.oneof(...mutations.map((m) => m(base, ctx)));
}

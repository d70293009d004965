import fc from 'fast-check';

/**
 * Strings that have broken web servers, databases and renderers: NUL, lone surrogates,
 * bidirectional overrides, emoji ZWJ sequences, stacked combining marks, BOM, line separators,
 * injection-looking text, and long runs (10,000 characters). Shared by every hostile-input test.
 */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\0',
  'a\0b',
  '\ud800',
  '\udfff',
  'x\ud83d',
  '\ud83dx',
  '\u202e\u0645\u0631\u062d\u0628\u0627 evil',
  '\u200b\u200c\u200d\ufeff',
  '👩‍👩‍👧‍👦👨🏽‍⚕️🏳️‍🌈',
  `e${'\u0301'.repeat(500)}`,
  '\u2028\u2029\r\n\t\v\f',
  '\ufffd\uffff\ufffe',
  '%00%ff%',
  '%E0%A4%A',
  '../../../../etc/passwd',
  "'; DROP TABLE messages; --",
  '\\',
  '\\u0000',
  '<script>alert(1)</script>',
  '${{7*7}}{{7*7}}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  '+15145551234\0',
  '+1 (514) 555-1234 ext. 99999999999999999999',
  '9'.repeat(400),
  'x'.repeat(10_000),
  '🙂'.repeat(5_000),
  '\u0000'.repeat(10_000),
];

/** Timestamps that match a careless pattern but no calendar (or PostgreSQL's range). */
export const DATE_EDGE_STRINGS: readonly string[] = [
  '2020-02-30T00:00:00.000000Z',
  '2021-02-29T00:00:00.000000Z',
  '2020-13-45T99:99:99.000000Z',
  '0000-01-01T00:00:00.000000Z',
  '9999-12-31T23:59:59.999999Z',
  '1970-01-01T00:00:00.000000Z',
  '2020-01-01T24:00:00.000000Z',
  '+275760-09-13T00:00:00.000Z',
  '2020-01-01',
];

/**
 * Opaque tokens the server hands out (base64url JSON, like list cursors), mutated: every field
 * replaced by each date-edge, wrong-type and short hostile value, and the token cut short or
 * extended. Deterministic, so a test can send every one.
 */
export function tokenMutations(token: string): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  const fields = decoded !== null && typeof decoded === 'object' ? Object.keys(decoded) : [];
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const replacements = [
    ...DATE_EDGE_STRINGS,
    ...WRONG_TYPE_VALUES,
    ...HOSTILE_STRINGS.filter((h) => h.length < 100),
  ];
  return [
    ...[1, 2, 3].map((n) => token.slice(0, Math.floor((token.length * n) / 4))),
    `${token}=`,
    `${token}A`,
    `${token}.${token}`,
    token.replaceAll('-', '+'),
    ...fields.flatMap((k) => replacements.map((r) => encode({ ...(decoded as object), [k]: r }))),
  ];
}

/** One of `tokenMutations(token)`. */
export const mutatedToken = (token: string): fc.Arbitrary<string> =>
  fc.constantFrom(...tokenMutations(token));

/** Text that looks numeric to a careless parser, for querystrings and path params. */
export const NUMBER_LIKE_STRINGS: readonly string[] = [
  '-1',
  '0',
  '-0',
  '1.5',
  '1e3',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '0b11',
  '0o7',
  '+1',
  ' 1 ',
  '1_000',
  '٣',
  '9007199254740993',
  '99999999999999999999999999',
  '-9223372036854775809',
  '2147483648',
  '',
];

/** JSON values of every type (for "wrong type" inputs). */
export const WRONG_TYPE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  'text',
  [],
  [null],
  ['a', 1],
  {},
  { a: 1 },
  { __proto__: null, constructor: { prototype: { polluted: true } } },
];

/** Any string, including lone surrogates and long graphemes. */
export const anyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 10 }),
  fc.constantFrom(...HOSTILE_STRINGS),
);

/** A hostile string glued to a valid one (`+15145551234\u202e`, `<uuid>\0` …). */
export const taint = (valid: string) =>
  fc
    .tuple(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 600)), fc.boolean())
    .map(([h, before]) => (before ? h + valid : valid + h));

/** Any JSON value, a few levels deep. */
export const anyJson = fc.oneof(
  fc.constantFrom(...WRONG_TYPE_VALUES),
  fc.jsonValue({ maxDepth: 3 }),
  anyString,
);

/** Percent-encodes every UTF-8 byte that is not unreserved (lone surrogates become U+FFFD, as a browser sends them). */
export function percentEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** A JSON array nested `depth` deep (`[[[…]]]`), as text: no parser-side recursion needed to build it. */
export const deepArrayJson = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A JSON object nested `depth` deep under key `key` (`{"a":{"a":…1}}`), as text. */
export const deepObjectJson = (depth: number, key = 'a') =>
  `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

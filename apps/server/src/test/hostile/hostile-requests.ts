import { API_BODY_LIMIT_BYTES } from '@accueil/domain';
import fc from 'fast-check';
import {
  anyString,
  tokenMutations,
  deepArrayJson,
  deepObjectJson,
  HOSTILE_STRINGS,
  NUMBER_LIKE_STRINGS,
  percentEncode,
} from './hostile-values';
import type { RouteSpec } from './route-catalogue';
import type { JsonSchema } from './schema-inputs';
import { validShapeFor, valuesFor, type KnownValues } from './schema-inputs';

/** One request as `app.inject` takes it. `payload` is sent as is (text or raw bytes). */
export type HostileRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A path parameter: the known valid ids, random uuids, hostile text (encoded), raw junk. */
function pathParamValue(known: KnownValues): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...known.strings).map(percentEncode),
    fc.uuid(),
    fc.oneof(anyString, fc.constantFrom(...NUMBER_LIKE_STRINGS)).map(percentEncode),
    fc.constantFrom(
      '%',
      '%zz',
      '%E0%A4%A',
      '%00',
      '..',
      '%2F',
      '%2e%2e',
      'a'.repeat(200),
      '00000000-0000-0000-0000-000000000000',
    ),
  );
}

/** A query parameter's value as text: arrays repeat the name, objects use `name[key]`. */
function queryPairs(name: string, value: unknown): string[] {
  const key = percentEncode(name);
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((v) => queryPairs(name, v));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).map(
      ([k, v]) => `${key}[${percentEncode(k)}]=${percentEncode(JSON.stringify(v) ?? '')}`,
    );
  }
  return [`${key}=${percentEncode(typeof value === 'string' ? value : JSON.stringify(value))}`];
}

/** An `Idempotency-Key` header (sends take one): absent, empty, too long, reused, odd. */
const idempotencyKey = fc.option(
  fc.oneof(
    fc.constantFrom('', ' ', 'k', 'x'.repeat(201), 'x'.repeat(10_000), '../..', '%00', '\u00ff\u00e9'),
    fc.uuid(),
  ),
  { freq: 2, nil: undefined },
);

const rawQueryJunk = fc.constantFrom(
  '',
  '',
  '',
  '&',
  '&&=&',
  '&%',
  '&a[b][c]=1',
  '&limit=1&limit=2',
  '&=x',
  `&${'k=v&'.repeat(500)}`,
  '&%E0%A4%A=1',
);

/**
 * Requests generated from one route's schemas: path parameters, querystring and JSON body
 * from `valuesFor` (boundary, hostile and wrong-type values), sent as JSON.
 */
export function schemaRequest(route: RouteSpec, known: KnownValues): fc.Arbitrary<HostileRequest> {
  const names = Object.keys(route.pathParams);
  const ofShape = (valid: boolean) => {
    const values = (schema: JsonSchema) => (valid ? validShapeFor(schema, known) : valuesFor(schema, known));
    const params = fc.tuple(
      ...names.map((n) =>
        valid
          ? validShapeFor(route.pathParams[n]!, known).map(String).map(percentEncode)
          : pathParamValue(known),
      ),
    );
    const query = route.query ? values(route.query) : fc.constant(undefined);
    const body = route.body
      ? values(route.body)
      : fc.option(fc.constantFrom<unknown>({}, 'x', [1]), { freq: 4, nil: undefined });
    return fc.tuple(params, query, valid ? fc.constant('') : rawQueryJunk, body);
  };
  // Half the requests have the right shape with hostile text inside, half are anything near the schema.
  return fc
    .tuple(fc.oneof(ofShape(true), ofShape(false)), idempotencyKey)
    .map(([[values, q, junk, b], key]) => {
      let url = route.path;
      names.forEach((name, i) => (url = url.replace(`{${name}}`, values[i]!)));
      const pairs =
        q !== null && typeof q === 'object' && !Array.isArray(q)
          ? Object.entries(q).flatMap(([k, v]) => queryPairs(k, v))
          : q === undefined
            ? []
            : queryPairs('q', q);
      const qs = pairs.join('&') + junk;
      const request: HostileRequest = {
        method: route.method,
        url: qs ? `${url}?${qs}` : url,
        headers: key === undefined ? {} : { 'idempotency-key': key },
      };
      if (b !== undefined) {
        request.headers = { ...request.headers, ...JSON_HEADERS };
        request.payload = JSON.stringify(b) ?? 'null';
      }
      return request;
    });
}

/** A valid-looking id for path templates in the fixed cases (a known id when there is one). */
export function fillPath(route: RouteSpec, id: string): string {
  return route.path.replace(/\{[^}]+\}/g, id);
}

/**
 * Bodies no schema describes, for every route: larger than `API_BODY_LIMIT_BYTES`, wrong or
 * missing content types, JSON 10,000 deep, duplicate keys, `__proto__`/`constructor` keys,
 * malformed JSON, invalid UTF-8, a lying Content-Length.
 */
export function rawBodyCases(
  route: RouteSpec,
): { label: string; headers: Record<string, string>; payload: string | Buffer }[] {
  const field = Object.keys(route.body?.properties ?? {})[0] ?? 'body';
  const json = (label: string, payload: string | Buffer) => ({
    label,
    headers: { ...JSON_HEADERS },
    payload,
  });
  const typed = (type: string, payload = `{"${field}":"x"}`) => ({
    label: `content-type ${type || '(empty)'}`,
    headers: { 'content-type': type },
    payload,
  });
  return [
    json('oversized JSON', `{"${field}":"${'x'.repeat(API_BODY_LIMIT_BYTES)}"}`),
    json('oversized junk', Buffer.alloc(API_BODY_LIMIT_BYTES + 10, 0x20)),
    { label: 'oversized without content type', headers: {}, payload: 'x'.repeat(API_BODY_LIMIT_BYTES + 1) },
    typed('text/plain'),
    typed('text/plain', 'hello'),
    typed(
      'multipart/form-data; boundary=----x',
      `------x\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nx\r\n------x--\r\n`,
    ),
    typed(
      'application/xml',
      `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY e SYSTEM "file:///etc/passwd">]><${field}>&e;</${field}>`,
    ),
    typed('application/x-www-form-urlencoded', `${field}=x&${field}=y`),
    typed('application/json; charset=utf-16'),
    typed('APPLICATION/JSON'),
    typed('application/json-patch+json'),
    typed('application/vnd.api+json'),
    typed('*/*'),
    typed('application/json, text/plain'),
    typed(''),
    { label: 'no content type', headers: {}, payload: `{"${field}":"x"}` },
    json('deep array 10,000', deepArrayJson(10_000)),
    json('deep object 10,000', deepObjectJson(10_000)),
    json(`deep ${field}`, `{"${field}":${deepObjectJson(10_000)}}`),
    json(`deep attributes`, `{"${field}":"x","attributes":${deepArrayJson(10_000)}}`),
    json('duplicate keys', `{"${field}":1,"${field}":"x","${field}":"${HOSTILE_STRINGS[4]!}"}`),
    json('__proto__ key', `{"${field}":"x","__proto__":{"admin":true,"role":"super-admin"}}`),
    json('constructor.prototype key', `{"${field}":"x","constructor":{"prototype":{"admin":true}}}`),
    json('nested __proto__', `{"attributes":{"__proto__":{"pinned":true}},"${field}":"x"}`),
    ...[
      '{',
      '{"a":}',
      "{'a':1}",
      'undefined',
      'NaN',
      '[1,]',
      '\ufeff{}',
      '{"a":1}garbage',
      '"',
      '1e999',
      '-',
      'null',
      '""',
      'true',
      '[]',
      '0',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '\0',
    ].map((p) => json(`JSON ${JSON.stringify(p)}`, p)),
    json('invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x22, 0x7d])),
    {
      label: 'Content-Length too long',
      headers: { ...JSON_HEADERS, 'content-length': '100' },
      payload: '{}',
    },
    {
      label: 'Content-Length not a number',
      headers: { ...JSON_HEADERS, 'content-length': 'abc' },
      payload: '{}',
    },
    { label: 'gzip that is not', headers: { ...JSON_HEADERS, 'content-encoding': 'gzip' }, payload: '{}' },
  ];
}

/**
 * Every mutation of every token the server handed out (`tokenMutations`), in every free-text
 * query parameter of the route (a string without enum), one parameter at a time.
 */
export function tokenCases(route: RouteSpec, tokens: readonly string[], pathId: string): HostileRequest[] {
  const params = Object.entries(route.query?.properties ?? {}).filter(
    ([, s]) => s.type === 'string' && !s.enum,
  );
  const url = fillPath(route, pathId);
  return params.flatMap(([name]) =>
    tokens.flatMap(tokenMutations).map((value) => ({
      method: route.method,
      url: `${url}?${percentEncode(name)}=${percentEncode(value)}`,
      headers: {},
    })),
  );
}

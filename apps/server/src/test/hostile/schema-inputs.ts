import fc from 'fast-check';
import {
  anyJson,
  anyString,
  HOSTILE_STRINGS,
  mutatedToken,
  NUMBER_LIKE_STRINGS,
  taint,
  WRONG_TYPE_VALUES,
} from './hostile-values';

/** The part of JSON Schema (as `@fastify/swagger` writes OpenAPI 3.0) the generators read. */
export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/**
 * Valid strings of the test's world (ids of its rows, its phone numbers, its user names), so
 * generated requests also get past validation and reach the handlers and the database.
 */
export type KnownValues = {
  strings: readonly string[];
  /** Ids most requests should use (the signed-in team's live rows): picked for half the uuid fields. */
  favourites?: readonly string[];
  /** Opaque tokens the server handed out (list cursors): sent as they are and mutated. */
  tokens?: readonly string[];
};

/** The known tokens, as handed out and mutated (`mutatedToken`), or nothing when there are none. */
const tokenValues = (known: KnownValues) =>
  known.tokens?.length
    ? [fc.constantFrom(...known.tokens), fc.constantFrom(...known.tokens).chain(mutatedToken)]
    : [];

const typeOf = (s: JsonSchema): string | undefined =>
  Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;

function stringValues(s: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const lengths = [max, max + 1, Math.max(0, min - 1), min].filter((n) => n <= 20_000);
  const pool = [...(s.enum ?? []).map(String), ...known.strings];
  const arbs: fc.Arbitrary<unknown>[] = [
    anyString,
    fc
      .constantFrom(...lengths)
      .chain((n) =>
        fc
          .constantFrom('x', 'é', '🙂', '\0', '\u0301')
          .map((c) => c.repeat(Math.ceil(n / c.length)).slice(0, n)),
      ),
  ];
  if (pool.length) arbs.push(fc.constantFrom(...pool), fc.constantFrom(...pool).chain(taint));
  arbs.push(...tokenValues(known));
  if (s.enum)
    arbs.push(
      fc.constantFrom(...s.enum.map((e) => String(e).toUpperCase()), ...s.enum.map((e) => ` ${String(e)}`)),
    );
  if (s.format === 'uuid')
    arbs.push(
      fc.uuid(),
      fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'not-a-uuid',
        '{00000000-0000-0000-0000-000000000000}',
      ),
    );
  return fc.oneof(...arbs);
}

function numberValues(s: JsonSchema): fc.Arbitrary<unknown> {
  const min = s.minimum ?? -1e6;
  const max = s.maximum ?? 1e6;
  return fc.oneof(
    fc.constantFrom(min, max, min - 1, max + 1, min + 0.5, 0, -0, -1, 1e308, -1e308, 2 ** 31, 2 ** 53 + 2),
    fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
    fc.double(),
    fc.constantFrom(...NUMBER_LIKE_STRINGS),
  );
}

function objectValues(s: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const props = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = props.map(([name, ps]) =>
    fc
      .option(valuesFor(ps, known, depth + 1), { freq: required.has(name) ? 8 : 2, nil: undefined })
      .map((v) => [name, v] as const),
  );
  const extras = fc.option(
    fc.dictionary(fc.oneof(anyString, fc.constantFrom('constructor', 'toString', 'prototype')), anyJson, {
      maxKeys: 2,
    }),
    { freq: 3, nil: {} },
  );
  return fc.tuple(fc.tuple(...fields), extras).map(([entries, extra]) => {
    const out: Record<string, unknown> = { ...extra };
    for (const [name, v] of entries) if (v !== undefined) out[name] = v;
    return out;
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Hostile text cut or padded to the schema's length bounds, so it passes validation and reaches the handler. */
function fittingString(s: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? 10_000;
  const fit = (text: string) => (text.length < min ? text.padEnd(min, '\u0301') : text.slice(0, max));
  const others = known.strings.filter((k) => !UUID.test(k));
  const fromKnown = others.length
    ? [
        { arbitrary: fc.constantFrom(...others), weight: 2 },
        { arbitrary: fc.constantFrom(...others).chain(taint), weight: 2 },
      ]
    : [];
  return fc
    .oneof(
      { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 2 },
      { arbitrary: anyString, weight: 1 },
      ...fromKnown,
      ...tokenValues(known).map((arbitrary) => ({ arbitrary, weight: 4 })),
    )
    .map(fit);
}

/**
 * Inputs that pass the schema's shape (required fields present, no unknown ones, enums,
 * ids of the test's rows, numbers within bounds) but carry hostile text wherever a free
 * string goes: these reach the handlers, the database and the carriers.
 */
export function validShapeFor(s: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => validShapeFor(v, known, depth)));
  switch (typeOf(s)) {
    case 'string': {
      if (s.enum?.length) return fc.constantFrom(...s.enum);
      const ids = known.strings.filter((k) => UUID.test(k));
      if (s.format === 'uuid') {
        const favourites = known.favourites?.length
          ? [{ arbitrary: fc.constantFrom(...known.favourites), weight: 6 }]
          : [];
        return fc.oneof(
          ...favourites,
          { arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid(), weight: 4 },
          { arbitrary: fc.uuid(), weight: 2 },
        );
      }
      return fittingString(s, known);
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? 0;
      const max = Math.min(s.maximum ?? 1e6, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.constantFrom(min, max),
        fc.integer({ min: Math.max(min, -1e9), max: Math.min(max, 1e9) }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(s.items && depth < 4 ? validShapeFor(s.items, known, depth + 1) : fc.constant(null), {
        maxLength: 3,
      });
    case 'object': {
      const required = new Set(s.required ?? []);
      const fields = Object.entries(s.properties ?? {}).map(([name, ps]) =>
        (required.has(name)
          ? validShapeFor(ps, known, depth + 1)
          : fc.option(validShapeFor(ps, known, depth + 1), { nil: undefined })
        ).map((v) => [name, v] as const),
      );
      return fc
        .tuple(...fields)
        .map((entries) => Object.fromEntries(entries.filter(([, v]) => v !== undefined)));
    }
    case undefined:
    default:
      return fc.constantFrom(...known.strings);
  }
}

/**
 * Inputs for one schema node: mostly values near the schema (its enum, the known values,
 * boundary lengths and numbers) and hostile ones (unicode edge cases, tainted valid values,
 * wrong types, missing required and unknown fields). The schema is a hint, not a filter:
 * about half the values are invalid on purpose.
 */
export function valuesFor(s: JsonSchema, known: KnownValues, depth = 0): fc.Arbitrary<unknown> {
  const wrongType = fc.constantFrom(...WRONG_TYPE_VALUES);
  if (depth > 4) return wrongType;
  const variants = s.anyOf ?? s.oneOf ?? s.allOf;
  if (variants?.length) return fc.oneof(wrongType, ...variants.map((v) => valuesFor(v, known, depth)));
  let own: fc.Arbitrary<unknown>;
  switch (typeOf(s)) {
    case 'string':
      own = stringValues(s, known);
      break;
    case 'integer':
    case 'number':
      own = numberValues(s);
      break;
    case 'boolean':
      own = fc.oneof(fc.boolean(), fc.constantFrom('true', 'false', 0, 1, 'yes'));
      break;
    case 'array':
      own = fc.array(s.items ? valuesFor(s.items, known, depth + 1) : anyJson, { maxLength: 5 });
      break;
    case 'object':
      own = objectValues(s, known, depth);
      break;
    case undefined:
    default:
      own = fc.oneof(anyJson, fc.constantFrom(...known.strings, ...HOSTILE_STRINGS));
  }
  return fc.oneof({ arbitrary: own, weight: 4 }, { arbitrary: wrongType, weight: 1 });
}

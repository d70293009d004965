import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FailureLog } from '../test/hostile/hostile-checks';
import {
  fillPath,
  rawBodyCases,
  schemaRequest,
  tokenCases,
  type HostileRequest,
} from '../test/hostile/hostile-requests';
import { HOSTILE_STRINGS, percentEncode } from '../test/hostile/hostile-values';
import { HostileWorld, LIVE_CONVERSATION } from '../test/hostile/hostile-world';
import {
  fastifyPath,
  fastifyRouteList,
  routeCatalogue,
  type RouteSpec,
} from '../test/hostile/route-catalogue';

/**
 * Hostile input to every route: every route of the OpenAPI description gets inputs
 * generated from its schemas (fast-check, fixed seed) and bodies no schema describes, signed
 * in and signed out. Never a 5xx, every error answer matches `apiErrorSchema`, no unhandled
 * rejection, and the app still answers a normal request afterwards.
 */

// Fixed in CI; HOSTILE_SEED and HOSTILE_RUNS explore further by hand (HOSTILE_REPORT=1 prints the answers per route).
// The time these tests take grows with the routes (each route gets its inputs): about 320 routes
// took up to 98 s for the signed-in pass beside another test file on a 2-core machine
// (2026-11-30), past the 120 s it had when the other worker was busier; the code before the notes'
// routes took as long on the same machine. Limits with room for the routes to come.
const CATALOGUE_PASS_MS = 300_000;
const SEED = Number(process.env.HOSTILE_SEED ?? 3_141_593);
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 60);

let w: HostileWorld;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  w = await HostileWorld.create();
}, 60_000);
afterAll(async () => {
  await w?.app.close();
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
});

const routeName = (r: RouteSpec) => `${r.method} ${r.path}`;

function expectNoFailures(log: FailureLog) {
  // HOSTILE_REPORT=1 prints how many answers of each status every route gave.
  if (process.env.HOSTILE_REPORT)
    console.info(
      [...log.statuses]
        .sort()
        .map(([k, n]) => `${k}: ${n}`)
        .concat(`total: ${log.total} requests`)
        .join('\n'),
    );
  expect(log.failures, `${log.failures.length} broken promises over ${log.total} requests`).toEqual([]);
}

describe('hostile input to every route', () => {
  it('the OpenAPI description lists every /api route Fastify has (docs pages aside)', () => {
    const described = new Set(routeCatalogue(w.app.app).map((r) => `${r.method} ${fastifyPath(r.path)}`));
    const missing = fastifyRouteList(w.app.app).filter((line) => {
      const [method, path] = line.split(' ') as [string, string];
      return (
        method !== 'HEAD' && path.startsWith('/api/') && !path.startsWith('/api/docs') && !described.has(line)
      );
    });
    expect(missing).toEqual([]);
    expect(described.size).toBeGreaterThanOrEqual(15);
  });

  for (const signedIn of [true, false]) {
    it(
      `inputs generated from each route's schemas, signed ${signedIn ? 'in' : 'out'}`,
      async () => {
        const routes = routeCatalogue(w.app.app);
        const outHeaders = await w.signedOutHeaders();
        const log = new FailureLog();
        const arbitrary = fc
          .constantFrom(...routes)
          .chain((route) =>
            fc.tuple(fc.constant(route), schemaRequest(route, w.known), fc.constantFrom(...outHeaders)),
          );
        await fc.assert(
          fc.asyncProperty(arbitrary, async ([route, request, out]) => {
            const withAuth = signedIn ? request : { ...request, headers: { ...request.headers, ...out } };
            log.check(routeName(route), withAuth, await w.send(withAuth, signedIn));
          }),
          { seed: SEED + (signedIn ? 1 : 0), numRuns: routes.length * RUNS_PER_ROUTE },
        );
        expect(log.counts.size).toBe(routes.length);
        expectNoFailures(log);
      },
      CATALOGUE_PASS_MS,
    );

    it(
      `oversized, mistyped, deep, duplicate-key, prototype-key and malformed bodies, signed ${signedIn ? 'in' : 'out'}`,
      async () => {
        const log = new FailureLog();
        for (const route of routeCatalogue(w.app.app)) {
          for (const raw of rawBodyCases(route)) {
            const request = {
              method: route.method,
              url: fillPath(route, LIVE_CONVERSATION),
              headers: raw.headers,
              payload: raw.payload,
            };
            log.check(`${routeName(route)} ${raw.label}`, request, await w.send(request, signedIn));
          }
        }
        expectNoFailures(log);
      },
      CATALOGUE_PASS_MS,
    );
  }

  it(
    'list cursors handed out by the server, mutated (impossible dates, wrong types, cut), in every free-text query parameter',
    async () => {
      const log = new FailureLog();
      for (const route of routeCatalogue(w.app.app)) {
        for (const request of tokenCases(route, w.known.tokens ?? [], LIVE_CONVERSATION)) {
          log.check(routeName(route), request, await w.send(request, true));
        }
      }
      expect(log.total).toBeGreaterThan(100);
      expectNoFailures(log);
    },
    CATALOGUE_PASS_MS / 2,
  );

  it('other methods on every path, HEAD included, and unknown /api paths', async () => {
    const log = new FailureLog();
    const paths = [
      ...new Set(routeCatalogue(w.app.app).map((r) => fillPath(r, LIVE_CONVERSATION))),
      '/api',
      '/api/',
      '/api/%',
      '/api/..%2f..%2fetc',
      `/api/${'x'.repeat(5000)}`,
    ];
    for (const url of paths) {
      for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
        for (const signedIn of [true, false]) {
          const request: HostileRequest = {
            method,
            url: `${url}?${percentEncode(HOSTILE_STRINGS[8]!)}=1`,
            headers: {},
          };
          log.check(`${method} ${url}`, request, await w.send(request, signedIn));
        }
      }
    }
    expectNoFailures(log);
  }, 60_000);

  it('has no unhandled rejection and still answers a normal request afterwards', async () => {
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
    expect((await w.get('/api/auth/profile')).statusCode).toBe(200);
    expect((await w.get('/api/conversations')).statusCode).toBe(200);
  });
});

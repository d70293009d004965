import type { MatrixRequest, RouteExpectation } from './route-expectations/shared';
import { SESSION_ROUTES } from './route-expectations/session';
import { CONVERSATIONS_ROUTES } from './route-expectations/conversations';
import { ORGANIZATION_ROUTES } from './route-expectations/organization';
import { CONTACTS_AGENDA_ROUTES } from './route-expectations/contacts-agenda';
import { CALLS_ROUTES } from './route-expectations/calls';
import { LIBRARY_ROUTES } from './route-expectations/library';
import { SANDBOX_ROUTES } from './route-expectations/sandbox';

export * from './route-expectations/shared';

/**
 * Who may call each `/api` route, and a well-formed request of the caller's own organisation
 * (so that a refusal is the rule's, not a validation error): the table the role × route matrix
 * (`http/role-route-matrix.test.ts`) and the tenant isolation test (`http/tenant-isolation.test.ts`)
 * read. A route the app registers without an entry here fails both: add its entry, judged from its
 * access declaration and its policy (`packages/domain/src/abilities/rules.ts`).
 */

/** Keyed `METHOD /openapi/path` (path parameters as `{name}`). */
export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = mergeTables([
  SESSION_ROUTES,
  CONVERSATIONS_ROUTES,
  ORGANIZATION_ROUTES,
  CONTACTS_AGENDA_ROUTES,
  CALLS_ROUTES,
  LIBRARY_ROUTES,
  SANDBOX_ROUTES,
]);

/** One table from the areas' tables. @throws Error when two areas name the same route. */
function mergeTables(tables: Record<string, RouteExpectation>[]): Record<string, RouteExpectation> {
  const merged: Record<string, RouteExpectation> = {};
  for (const table of tables)
    for (const [route, expectation] of Object.entries(table)) {
      if (route in merged) throw new Error(`${route} is in two route-expectation tables`);
      merged[route] = expectation;
    }
  return merged;
}

/** The URL of a route for `request` (`{name}` filled from `params`, then `?query`). */
export function urlOf(path: string, request: MatrixRequest): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = request.params?.[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}} in the route's expectation`);
    return encodeURIComponent(value);
  });
  return request.query ? `${filled}?${request.query}` : filled;
}

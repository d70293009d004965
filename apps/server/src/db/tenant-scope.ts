import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Row-level security's side in the app (docs/behaviour/security.md, "Row-level security").
 *
 * Every statement the app's database handle runs carries the tenant scope of the code that
 * called it, read here from an `AsyncLocalStorage`: the organisation of the signed-in request or
 * of the job, or a named cross-tenant access. The drivers (`tenant-drivers.ts` for PGlite,
 * `tenant-pool.ts` for PostgreSQL) put the scope on the connection before the statement runs,
 * and the tables' policies compare each row's
 * `organization_id` to it. No scope means no rows: a service that forgets its
 * `organization_id` predicate still sees nothing of another organisation.
 */

/** The non-superuser role the app's statements run as (created by the migrations; no BYPASSRLS). */
export const APP_ROLE = 'accueil_app';

/**
 * The legitimate reads and writes across organisations, each named so it is explicit and
 * listed (docs/behaviour/security.md): the scope of code that cannot know its organisation
 * before it reads.
 * - `sign-in`: the user by username (the organisation is what sign-in finds out), the throttle.
 * - `token-refresh`: the refresh token by its hash (the cookie names no organisation).
 * - `password-link`: password forgotten (the account by username or e-mail) and the
 *   set-password links (the link by its hash).
 * - `inbound-webhook`: an inbound text finds its team by the number it was sent to.
 * - `carrier-status`: a carrier's status callback finds its message by the carrier's id.
 * - `sandbox`: the simulated phone network, which belongs to no organisation.
 * - `demo-seed`: the demo data written at start.
 * - `maintenance-job`: a scheduled job over every organisation (purging expired keys, purging
 *   deleted conversations).
 * - `onboarding`: the installation-wide username check before a new organisation exists (its
 *   rows are then written in its own scope).
 * - `devops-panel`: the devops panel's list of every organisation, and the names on invitation
 *   codes (their creators and the organisations that used them).
 * - `impersonation`: a devops user finding the organisation to act in and its administrator,
 *   and back in their own organisation when they stop.
 * - `operations`: the devops synchronizations, which look for stuck texts, flow locks and calls
 *   in every organisation (docs/behaviour/operations.md).
 * - `short-link`: following a short link (`/l/:code`), which anyone may, finds it by its code.
 * - `polling-log`: keeping a French organisation's inbox event for polling, written after the
 *   change committed, from whatever scope published it (docs/behaviour/france.md).
 * - `secure-file`: a contact at `/secure` or `/send-file` (no sign-in) finds the secure file
 *   by its link's hash (docs/behaviour/secure-files.md); the rest runs in its organisation.
 * - `test-fixture`: test factories and assertions (test code only).
 */
export type SystemAccessReason =
  | 'sign-in'
  | 'token-refresh'
  | 'password-link'
  | 'inbound-webhook'
  | 'carrier-status'
  | 'sandbox'
  | 'demo-seed'
  | 'maintenance-job'
  | 'short-link'
  | 'onboarding'
  | 'devops-panel'
  | 'operations'
  | 'content-library'
  | 'impersonation'
  | 'polling-log'
  | 'secure-file'
  | 'test-fixture';

/** The scope of a statement: one organisation, or a named cross-tenant access. */
export type TenantScope = { organizationId: string } | { systemAccess: SystemAccessReason };

/** The store of code that asked for no scope (a request starts so), told apart from no store. */
const NO_SCOPE = Object.freeze({ none: true as const });

const storage = new AsyncLocalStorage<TenantScope | typeof NO_SCOPE>();

/** The scope of code outside any `with…` call: none, except in the server's tests. */
let outsideAnyScope: TenantScope | null = null;

/**
 * Test set-up only (test/setup-tenant-scope.ts): the scope of code that runs outside any
 * `with…` call — the tests' own factories and assertions get `test-fixture` access. Requests
 * and jobs still set their own scope (none, or the organisation), as in production.
 */
export function setScopeOutsideAnyScope(scope: TenantScope | null): void {
  outsideAnyScope = scope;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Runs `fn` with organisation `organizationId` as the scope of every statement it (and what it
 * awaits) runs. A transaction takes the scope current when it begins.
 * @throws Error when `organizationId` is not a UUID (it is written into SQL as a literal).
 */
export function withOrganization<T>(organizationId: string, fn: () => T): T {
  if (!UUID.test(organizationId))
    throw new Error(`withOrganization: not an organisation id: ${organizationId}`);
  return runInScope({ organizationId: organizationId.toLowerCase() }, fn);
}

/** Runs `fn` with access to every organisation's rows, for the named `reason` only. */
export function withSystemAccess<T>(reason: SystemAccessReason, fn: () => T): T {
  return runInScope({ systemAccess: reason }, fn);
}

/**
 * Runs `fn` in `scope`. A Drizzle query builder is a lazy thenable: handed back unawaited
 * (`() => db.select()…`), it would run its statement when the caller awaits it, outside the
 * scope. So a thenable result is started here, inside the scope, and its promise returned.
 */
function runInScope<T>(scope: Parameters<typeof storage.run>[0], fn: () => T): T {
  return storage.run(scope, () => {
    const result = fn();
    const lazy =
      result !== null && typeof result === 'object' && 'then' in result && !(result instanceof Promise);
    return (lazy ? Promise.resolve(result) : result) as T;
  });
}

/** Runs `fn` with no scope: its statements see no tenant-owned row (each request starts so). */
export function withoutTenant<T>(fn: () => T): T {
  return storage.run(NO_SCOPE, fn);
}

/** The scope of the code running now, or null. */
export function currentTenantScope(): TenantScope | null {
  const store = storage.getStore();
  if (store === undefined) return outsideAnyScope;
  return 'none' in store ? null : store;
}

/** A short key telling two scopes apart (what a connection was last set to). */
export function scopeKey(scope: TenantScope | null): string {
  if (!scope) return 'none';
  return 'organizationId' in scope ? `org:${scope.organizationId}` : 'system';
}

/**
 * `SELECT set_config(…)` putting `scope` on the connection: transaction-local when `local`
 * (PGlite, inside the statement's own transaction), for the session otherwise (a pooled
 * PostgreSQL connection, set when taken from the pool). Literals only, so it can share a
 * multi-statement simple query with `BEGIN` or `SET ROLE` (the organisation id is a checked UUID).
 */
export function scopeSettingsSql(scope: TenantScope | null, local: boolean): string {
  const organizationId = scope && 'organizationId' in scope ? scope.organizationId : '';
  const system = scope && 'systemAccess' in scope ? 'on' : '';
  return `SELECT set_config('app.organization_id', '${organizationId}', ${local}), set_config('app.system_access', '${system}', ${local})`;
}

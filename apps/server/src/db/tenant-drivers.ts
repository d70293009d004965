import type { PGlite, Transaction } from '@electric-sql/pglite';
import { APP_ROLE, currentTenantScope, scopeSettingsSql, type TenantScope } from './tenant-scope';

/**
 * The drivers under the app's Drizzle handle, so that every statement runs as the app's role
 * with the caller's tenant scope (tenant-scope.ts) and the tables' row-level security applies.
 * Services keep using `deps.db` unchanged. Migrations and the job queue use the raw drivers.
 * This file: PGlite's; PostgreSQL's pool is in tenant-pool.ts.
 */

/**
 * What opens each statement's transaction on PGlite: the app's role and the scope, both
 * transaction-local (`SET LOCAL`, `set_config(…, true)`), so nothing outlives the statement.
 */
export function pgliteScopePrelude(scope: TenantScope | null): string {
  return `SET LOCAL ROLE ${APP_ROLE}; ${scopeSettingsSql(scope, true)}`;
}

/** The property of `tenantPglite`'s wrapper that gives the raw instance (tests acting as the owner). */
export const RAW_PGLITE = Symbol('raw PGlite');

/**
 * PGlite for Drizzle with the tenant scope: PGlite is ONE connection that concurrent requests
 * share, so a setting for the session would leak from one request into another's statements.
 * Each statement outside a transaction therefore runs in its own transaction that sets the role
 * and the scope first (`BEGIN; SET LOCAL …; statement; COMMIT`), and each transaction sets them
 * right after its `BEGIN`. PGlite holds the connection for the whole transaction, so no other
 * caller's statement runs in between. The raw instance's other methods pass through (the job
 * queue and migrations use the raw instance and keep the owner's role).
 */
export function tenantPglite(pglite: PGlite): PGlite {
  const query: PGlite['query'] = (text, params, options) => {
    const prelude = pgliteScopePrelude(currentTenantScope());
    return pglite.transaction(async (tx) => {
      await tx.exec(prelude);
      return tx.query(text, params, options);
    });
  };
  const transaction = <T>(fn: (tx: Transaction) => Promise<T>): Promise<T> => {
    const prelude = pgliteScopePrelude(currentTenantScope());
    return pglite.transaction(async (tx) => {
      await tx.exec(prelude);
      return fn(tx);
    });
  };
  return new Proxy(pglite, {
    get(target, property) {
      if (property === 'query') return query;
      if (property === 'transaction') return transaction;
      if (property === RAW_PGLITE) return target;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

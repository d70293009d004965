import pg from 'pg';
import { APP_ROLE, currentTenantScope, scopeKey, scopeSettingsSql, type TenantScope } from './tenant-scope';

/**
 * PostgreSQL's side of the tenant scope (tenant-scope.ts; PGlite's is in tenant-drivers.ts): the
 * app's pool, whose connections run as the app's role with the caller's scope on them.
 */

/** Per pooled connection: the scope it was last set to (absent: its role is not set yet). */
const connectionScope = new WeakMap<pg.PoolClient, string>();

/**
 * The scope's two settings as one statement with parameters, the prelude `TenantPool.query`
 * sends in the same write and the same Sync as the caller's statement (`ScopedQuery`).
 */
const SCOPE_PRELUDE_TEXT =
  "SELECT set_config('app.organization_id', $1, false), set_config('app.system_access', $2, false)";

/** The prelude's parameters for `scope` (the organisation id, then `on` for a system access). */
function scopePreludeValues(scope: TenantScope | null): [string, string] {
  return [
    scope && 'organizationId' in scope ? scope.organizationId : '',
    scope && 'systemAccess' in scope ? 'on' : '',
  ];
}

/** What pg's `Connection` offers a submitted query (pg's Submittable API), as used here. */
type WireConnection = {
  stream: { cork?: () => void; uncork?: () => void };
  parse(message: { text: string; name?: string; types?: number[] }): void;
  bind(message: { portal?: string; statement?: string; values: unknown[] }): void;
  execute(message: { portal?: string; rows?: number }): void;
};

/**
 * pg's `Query` as its runtime is (its published types leave out the Submittable methods):
 * the methods `ScopedQuery` extends.
 */
type QueryShape = {
  submit(connection: unknown): Error | null;
  handleDataRow(message: unknown): void;
  handleCommandComplete(message: unknown, connection: unknown): void;
};
type QueryClass = new (config: object, values?: unknown[]) => QueryShape;

/**
 * A statement sent with the tenant scope's prelude before it, in ONE round trip: Parse, Bind,
 * Execute of the prelude (unnamed, no Sync), then the statement's own extended-protocol messages
 * and their Sync, in one write. PostgreSQL runs the messages up to a Sync as one implicit
 * transaction and, once one fails, skips the rest until the Sync: the statement never runs
 * unless the scope was set, and a failed statement rolls the setting back with it (the caller
 * then forgets the connection's scope, and the pool drops a connection whose query failed).
 * The prelude's row and completion are not the statement's result: they are skipped (it is sent
 * without Describe, so no row description comes for it).
 * Only for a statement the extended protocol carries (`requiresPreparation`), without `rows`.
 * Exported for its test.
 */
export class ScopedQuery extends (pg.Query as unknown as QueryClass) {
  /** True until the prelude's CommandComplete has come. */
  private preludeOpen = true;

  constructor(
    config: pg.QueryConfig,
    private readonly prelude: [string, string],
    callback: (error: Error | undefined, result: pg.QueryResult) => void,
  ) {
    super({ ...config, callback });
  }

  override submit(connection: unknown): Error | null {
    const wire = connection as WireConnection;
    wire.stream.cork?.();
    try {
      wire.parse({ text: SCOPE_PRELUDE_TEXT, name: '', types: [] });
      wire.bind({ portal: '', statement: '', values: this.prelude });
      wire.execute({ portal: '', rows: 0 });
      return super.submit(connection);
    } finally {
      wire.stream.uncork?.();
    }
  }

  override handleDataRow(message: unknown): void {
    if (this.preludeOpen) return;
    super.handleDataRow(message);
  }

  override handleCommandComplete(message: unknown, connection: unknown): void {
    if (this.preludeOpen) {
      this.preludeOpen = false;
      return;
    }
    super.handleCommandComplete(message, connection);
  }
}

/**
 * Whether a statement `config` (with `values`, given apart or in it) can carry the prelude: one
 * pg sends with the extended protocol (`Query.requiresPreparation`: a name, parameters, or
 * `queryMode: 'extended'`), with text, not read in pages (`rows`), not a Submittable. A simple
 * query (no parameters: possibly several statements, `BEGIN` among them) keeps its own round
 * trip for the scope: in a transaction block the setting would follow the block's fate.
 */
function carriesPrelude(config: Record<string, unknown>, values: unknown): boolean {
  const all = values ?? config.values;
  if (typeof config.text !== 'string' || config.rows || typeof config.submit === 'function') return false;
  if (all !== undefined && !Array.isArray(all)) return false;
  return config.queryMode === 'extended' || Boolean(config.name) || (Array.isArray(all) && all.length > 0);
}

/**
 * Puts `scope` on a pooled `client` with a round trip of its own, unless it is set to it already;
 * the first time also switches it to the app's role. A failure releases the connection (which
 * ends it) and throws.
 */
async function putScope(client: pg.PoolClient, scope: TenantScope | null): Promise<void> {
  const key = scopeKey(scope);
  const known = connectionScope.get(client);
  if (known === key) return;
  try {
    await client.query(
      `${known === undefined ? `SET ROLE ${APP_ROLE}; ` : ''}${scopeSettingsSql(scope, false)}`,
    );
  } catch (error) {
    client.release(error as Error);
    throw error;
  }
  connectionScope.set(client, key);
}

type ConnectCallback = (
  error: Error | undefined,
  client: pg.PoolClient | undefined,
  done: (release?: unknown) => void,
) => void;

/**
 * node-postgres pool for Drizzle with the tenant scope. A pooled connection is held by one
 * caller from the moment it is taken (a statement through `query`, or a transaction through
 * `connect`) until it is released, so the scope is put on the connection when it is taken,
 * with session-level settings, before the caller's first statement. The first take of a
 * connection also switches it to the app's role (`SET ROLE`). A connection already set to the
 * caller's scope costs nothing more; otherwise one round trip (`SELECT set_config(…)`). Every
 * take compares, an unscoped one included (which clears the organisation), so a connection
 * never carries one caller's organisation into another's statement.
 */
export class TenantPool extends pg.Pool {
  /**
   * One statement on a pooled connection (what Drizzle and `executePrepared` run outside
   * transactions), with the caller's scope. When the connection is set to another scope and the
   * statement uses the extended protocol, the scope's prelude goes with it in the same round
   * trip (`ScopedQuery`) instead of a round trip of its own before it: under load most takes
   * change organisation, and each round trip wakes PostgreSQL's process on these two cores
   * (docs/benchmarks.md, attachments). Anything else (a callback, a simple query, a connection
   * taken for the first time) goes through `connect` as before.
   */
  override query(...args: unknown[]): never {
    const [config, values, callback] = args;
    const scope = currentTenantScope();
    const foldable =
      typeof config === 'object' &&
      config !== null &&
      callback === undefined &&
      typeof values !== 'function' &&
      carriesPrelude(config as Record<string, unknown>, values);
    if (!foldable) return (pg.Pool.prototype.query as (...a: unknown[]) => never).apply(this, args);
    return this.queryScoped(config as pg.QueryConfig, values as unknown[] | undefined, scope) as never;
  }

  private async queryScoped(
    config: pg.QueryConfig,
    values: unknown[] | undefined,
    scope: TenantScope | null,
  ): Promise<pg.QueryResult> {
    const client = await (pg.Pool.prototype.connect as () => Promise<pg.PoolClient>).call(this);
    const key = scopeKey(scope);
    const known = connectionScope.get(client);
    if (known === undefined || known === key) {
      // First take (the role is set once, with its own round trip) or already in scope.
      await putScope(client, scope);
      return this.runOn(client, () => client.query(values ? { ...config, values } : config));
    }
    // Unknown until it answers: a failure leaves the connection's scope as it was, or not.
    connectionScope.delete(client);
    return this.runOn(client, () =>
      new Promise<pg.QueryResult>((resolve, reject) => {
        const query = new ScopedQuery(
          values ? { ...config, values } : config,
          scopePreludeValues(scope),
          (error, result) => (error ? reject(error) : resolve(result)),
        );
        // A Submittable: pg answers through its callback, and returns the query itself.
        void client.query(query as unknown as pg.QueryConfig);
      }).then((result) => {
        connectionScope.set(client, key);
        return result;
      }),
    );
  }

  /**
   * Runs `run` on `client` and gives the connection back, as pg-pool's own `query` does: a
   * failure (or the connection's `error` event) releases it with the error, which ends it.
   */
  private runOn<T>(client: pg.PoolClient, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let released = false;
      const onError = (error: Error) => {
        if (released) return;
        released = true;
        connectionScope.delete(client);
        client.release(error);
        reject(error);
      };
      client.once('error', onError);
      run().then(
        (result) => {
          client.removeListener('error', onError);
          if (released) return;
          released = true;
          client.release();
          resolve(result);
        },
        (error: Error) => {
          client.removeListener('error', onError);
          if (released) return;
          released = true;
          connectionScope.delete(client);
          client.release(error);
          reject(error);
        },
      );
    });
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const scope = currentTenantScope();
    const ready = super.connect().then(async (client) => {
      await putScope(client, scope);
      return client;
    });
    if (!callback) return ready;
    ready.then(
      (client) =>
        callback(undefined, client, (release?: unknown) => client.release(release as Error | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}

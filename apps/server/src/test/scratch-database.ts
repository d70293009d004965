import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty PostgreSQL database next to the one `databaseUrl` names (same server and user),
 * for a test that needs an empty database (a first start, the demo seed) or its own processes.
 * Returns its URL and `drop()`, to call once every pool on it is closed.
 */
export async function createScratchDatabase(
  databaseUrl: string,
  prefix = 'accueil_scaleout',
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  // Without FORCE first: forcing would end connections a closing pool still has open, and
  // their clients would throw 57P01 into whichever process owns them.
  const drop = async () => {
    for (let attempt = 0; attempt < 50; attempt++) {
      try {
        return await run(`DROP DATABASE IF EXISTS ${name}`);
      } catch (err) {
        if ((err as { code?: string }).code !== '55006') throw err;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
  return { url: url.toString(), drop };
}

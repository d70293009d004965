// Prints, as JSON, the carrier ids of the messages stored in a PGlite data folder whose id
// starts with a prefix: `{ "sids": [...] }` (one entry per stored row, so a duplicate shows
// twice). Used by crash-ingest.mjs after the server is stopped (PGlite allows one process).
//
//   npx tsx scripts/reliability/count-pglite-messages.ts <DATA_DIR> <sid-prefix>
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const [dataDir, prefix] = process.argv.slice(2);
if (!dataDir || !prefix) {
  process.stderr.write('usage: count-pglite-messages.ts <DATA_DIR> <sid-prefix>\n');
  process.exit(2);
}
const db = await PGlite.create(`${dataDir}/pglite`, { extensions: { pg_trgm, btree_gist } });
const { rows } = await db.query<{ sid: string }>(
  'select carrier_message_id as sid from messages where carrier_message_id like $1',
  [`${prefix}%`],
);
await db.close();
process.stdout.write(JSON.stringify({ sids: rows.map((r) => r.sid) }));

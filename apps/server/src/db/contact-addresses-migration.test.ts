import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
type Journal = { entries: Array<{ idx: number; tag: string }> };
const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const ADDRESSES = journal.entries.findIndex((e) => e.tag.endsWith('_contact-addresses'));

/** A copy of the migrations folder whose journal stops before the contact addresses' migration. */
function migrationsBeforeAddresses(): string {
  const dir = mkdtempSync(join(tmpdir(), 'accueil-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const before: Journal = { ...journal, entries: journal.entries.slice(0, ADDRESSES) };
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(before));
  return dir;
}

// Migration 0029 (contact_addresses): a database with contacts before it gets their addresses.
describe('the contact addresses migration', () => {
  const folder = migrationsBeforeAddresses();
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("backfills every existing contact's phone and e-mail as its primary addresses, normalised", async () => {
    expect(ADDRESSES).toBeGreaterThan(0);
    const client = await PGlite.create('memory://', { extensions: { pg_trgm, btree_gist, unaccent } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: folder });
      const q = async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
      const [org] = await q<{ id: string }>(`INSERT INTO organizations (name) VALUES ('A') RETURNING id`);
      const contact = async (phone: string | null, email: string | null, linkedTo: string | null = null) =>
        (
          await q<{ id: string }>(
            `INSERT INTO contacts (organization_id, first_name, last_name, phone, email, linked_to_id)
             VALUES ($1, 'P', 'N', $2, $3, $4) RETURNING id`,
            [org!.id, phone, email, linkedTo],
          )
        )[0]!.id;
      const both = await contact('+15145550101', ' Ana.Roy@Example.CA ');
      const linked = await contact('+15145550101', null, both);
      const mailOnly = await contact(null, 'zoe@example.ca');
      const none = await contact(null, '');

      await migrate(db, { migrationsFolder });
      type Row = {
        contact_id: string;
        organization_id: string;
        kind: string;
        address: string;
        position: number;
      };
      const byKey = (a: Row, b: Row) =>
        `${a.address} ${a.contact_id}` < `${b.address} ${b.contact_id}` ? -1 : 1;
      const rows = await q<Row>(
        `SELECT contact_id, organization_id, kind, address, position FROM contact_addresses`,
      );
      expect(rows.sort(byKey)).toEqual(
        [
          { contact_id: both, kind: 'phone', address: '+15145550101' },
          { contact_id: linked, kind: 'phone', address: '+15145550101' },
          { contact_id: both, kind: 'email', address: 'ana.roy@example.ca' },
          { contact_id: mailOnly, kind: 'email', address: 'zoe@example.ca' },
        ]
          .map((r) => ({ ...r, organization_id: org!.id, position: 0 }))
          .sort(byKey),
      );
      expect(rows.some((r) => r.contact_id === none)).toBe(false);
    } finally {
      await client.close();
    }
    // Two databases migrated from nothing: seconds alone, much longer on a busy machine.
  }, 180_000);
});

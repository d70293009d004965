import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildOrganization, buildTeam } from '../test/factories';
import { useTestApp } from '../test/test-app';
import { recordVoicemail, startInboundCall } from '../modules/calls/index';
import { moveBlobsToStorage, moveLegacyRecordings } from './move-blobs-to-storage';
import { callRecordings } from './schema/calls';
import { contactImports } from './schema/contacts';
import { organizationLogos } from './schema/organizations';
import { voicemailGreetings } from './schema/phone-settings';

const t = useTestApp();
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

const bytesAt = async (key: string) => (await buffer((await t.deps.storage.get(key)).stream)).toString();

describe('moving the files kept in the database to the storage carrier', () => {
  it('moves each logo, greeting audio and import file once, even run twice at the same time, and empties the bytea', async () => {
    const org = await buildOrganization();
    await t.deps.db
      .insert(organizationLogos)
      .values({ organizationId: org.id, mediaType: 'image/webp', content: Buffer.from('RIFF-logo') });
    const [greeting] = await t.deps.db
      .insert(voicemailGreetings)
      .values({
        organizationId: org.id,
        kind: 'CLOSE',
        source: 'FILE',
        audio: Buffer.from('ID3-greeting'),
        audioMediaType: 'audio/mpeg',
      })
      .returning();
    const [upload] = await t.deps.db
      .insert(contactImports)
      .values({ organizationId: org.id, fileName: 'a.csv', kind: 'csv', file: Buffer.from('Léa,Roy') })
      .returning();

    const put = vi.spyOn(t.deps.storage, 'put');
    try {
      await Promise.all([moveBlobsToStorage(t.deps), moveBlobsToStorage(t.deps)]);
      await moveBlobsToStorage(t.deps);
      // Only this test's rows held bytes: each was put once.
      expect(put.mock.calls.map(([key]) => key.split('/').slice(0, 3).join('/')).sort()).toEqual([
        `org/${org.id}/greetings`,
        `org/${org.id}/imports`,
        `org/${org.id}/logos`,
      ]);
    } finally {
      put.mockRestore();
    }

    const [logo] = await t.deps.db
      .select()
      .from(organizationLogos)
      .where(eq(organizationLogos.organizationId, org.id));
    expect([logo!.content, logo!.size, await bytesAt(logo!.storageKey!)]).toEqual([null, 9, 'RIFF-logo']);
    expect((await t.deps.storage.get(logo!.storageKey!)).contentType).toBe('image/webp');
    const [audio] = await t.deps.db
      .select()
      .from(voicemailGreetings)
      .where(eq(voicemailGreetings.id, greeting!.id));
    expect([audio!.audio, audio!.audioSize, await bytesAt(audio!.audioStorageKey!)]).toEqual([
      null,
      12,
      'ID3-greeting',
    ]);
    const [file] = await t.deps.db.select().from(contactImports).where(eq(contactImports.id, upload!.id));
    expect([file!.file, await bytesAt(file!.fileStorageKey!)]).toEqual([null, 'Léa,Roy']);
  });

  it("moves the calls module's own recording files to the storage carrier, then removes them and their folder", async () => {
    const org = await buildOrganization();
    const team = await buildTeam({ organizationId: org.id });
    const saturday = new Date('2026-11-28T15:00:00Z');
    const callSid = `CA${crypto.randomUUID().replaceAll('-', '')}`;
    await startInboundCall(t.deps, {
      carrier: 'sandbox',
      callSid,
      from: '+15145550144',
      to: team.phoneNumber!,
      at: saturday,
    });
    const recordingSid = `RE${crypto.randomUUID().replaceAll('-', '')}`;
    await recordVoicemail(t.deps, { carrier: 'sandbox', callSid, recordingSid, url: null, duration: 3 });
    const dir = join(await mkdtemp(join(tmpdir(), 'accueil-recordings-')), 'recordings');
    dirs.push(dir);
    await mkdir(dir);
    await writeFile(join(dir, `${recordingSid}.audio`), 'OggS-voicemail');
    await writeFile(join(dir, `${recordingSid}.type`), 'audio/ogg');
    await writeFile(join(dir, 'REnobody.audio'), 'no row names it');

    expect(await moveLegacyRecordings(t.deps, dir)).toBe(1);
    const [row] = await t.deps.db
      .select()
      .from(callRecordings)
      .where(eq(callRecordings.recordingSid, recordingSid));
    expect(row!.storageKey).toMatch(new RegExp(`^org/${org.id}/recordings/`));
    expect([row!.contentType, row!.size, await bytesAt(row!.storageKey!)]).toEqual([
      'audio/ogg',
      14,
      'OggS-voicemail',
    ]);
    expect(await readdir(join(dir, '..'))).toEqual([]);
    expect(await moveLegacyRecordings(t.deps, dir)).toBe(0);
  });
});

import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileRecordingStore, recordingStore, type RecordingStore } from './recording-store';

const audio = { bytes: new Uint8Array([82, 73, 70, 70, 1, 2, 3]), contentType: 'audio/wav' };
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true }))));

async function fileStore(): Promise<{ store: RecordingStore; dir: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'accueil-recordings-'));
  dirs.push(dir);
  return { store: fileRecordingStore(join(dir, 'recordings')), dir };
}

describe.each([
  ['memory', () => Promise.resolve({ store: recordingStore({ DATA_DIR: 'memory://' }), dir: '' })],
  ['files', fileStore],
])('the recording store (%s)', (_name, make) => {
  it('puts, gets and deletes the audio of a recording by its id', async () => {
    const { store } = await make();
    const sid = `RE${crypto.randomUUID().replaceAll('-', '')}`;
    expect(await store.get(sid)).toBeNull();
    await store.put(sid, audio);
    expect(await store.get(sid)).toEqual(audio);
    await store.delete(sid);
    expect(await store.get(sid)).toBeNull();
    await store.delete(sid);
  });

  it('refuses an id that could name another path', async () => {
    const { store } = await make();
    for (const sid of ['../jwt-secret', 'a/b', '', 'x'.repeat(129)]) {
      await expect(store.put(sid, audio)).rejects.toThrow(RangeError);
      await expect(store.get(sid)).rejects.toThrow(RangeError);
    }
  });
});

it('keeps the files under DATA_DIR/recordings', async () => {
  const { dir } = await fileStore();
  await recordingStore({ DATA_DIR: dir }).put('RE1', audio);
  expect((await readdir(join(dir, 'recordings'))).sort()).toEqual(['RE1.audio', 'RE1.type']);
});

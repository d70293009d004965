import type { VoicemailGreeting } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import { voicemailGreetings } from '../../db/schema/phone-settings';
import { buildAdmin, buildOrganization, buildTeam } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';
import { wavOf } from './greeting-preview';

/* A greeting's audio in the storage carrier: where it is kept, and which files go with it. */
const t = useTestApp();
const WAV = wavOf({ sampleRate: 8000, samples: new Int16Array(800) });

type User = { id: string; organizationId: string };
async function upload(user: User, query: string) {
  const form = multipartFile('audio', 'greeting.wav', WAV);
  return t.app.inject({
    method: 'POST',
    url: `/api/voicemail-greetings/audio/CLOSE?${query}`,
    payload: form.payload,
    headers: { ...(await signedInAs(user)), ...form.headers },
  });
}

const rowOf = async (id: string) =>
  (await t.deps.db.select().from(voicemailGreetings).where(eq(voicemailGreetings.id, id)))[0]!;

const isGone = (key: string) => expect(t.deps.storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);

describe("a greeting's audio in the storage carrier", () => {
  it("is kept under the organisation's prefix, replaced by a new file, and deleted with its greeting", async () => {
    const org = await buildOrganization();
    const admin = await buildAdmin({ organizationId: org.id });
    const first = await upload(admin, 'source=FILE');
    expect(first.statusCode).toBe(200);
    const greeting = first.json<VoicemailGreeting>();
    const row = await rowOf(greeting.id);
    expect(row.audioStorageKey).toMatch(new RegExp(`^org/${org.id}/greetings/`));
    expect([row.audio, row.audioSize]).toEqual([null, WAV.length]);
    const kept = await t.deps.storage.get(row.audioStorageKey!);
    kept.stream.destroy();
    expect([kept.contentType, kept.size]).toEqual(['audio/wav', WAV.length]);

    expect((await upload(admin, 'source=RECORDING')).statusCode).toBe(200);
    const replaced = await rowOf(greeting.id);
    expect(replaced.audioStorageKey).not.toBe(row.audioStorageKey);
    await isGone(row.audioStorageKey!);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/voicemail-greetings/${greeting.id}`,
      headers: await signedInAs(admin),
    });
    expect(removed.statusCode).toBe(204);
    await isGone(replaced.audioStorageKey!);
  });

  it('leaves no file behind when the greeting is refused after the upload (a team of another organisation)', async () => {
    const org = await buildOrganization();
    const admin = await buildAdmin({ organizationId: org.id });
    const elsewhere = await buildTeam({ organizationId: (await buildOrganization()).id });
    const put = vi.spyOn(t.deps.storage, 'put');
    let keys: string[];
    try {
      expect((await upload(admin, `source=FILE&teamId=${elsewhere.id}`)).statusCode).toBe(404);
      keys = put.mock.calls.map(([key]) => key);
    } finally {
      put.mockRestore();
    }
    expect(keys).toHaveLength(1);
    await isGone(keys[0]!);
  });

  it('does not play when its file is missing from the storage carrier', async () => {
    const org = await buildOrganization();
    const admin = await buildAdmin({ organizationId: org.id });
    const greeting = (await upload(admin, 'source=FILE')).json<VoicemailGreeting>();
    await t.deps.storage.delete((await rowOf(greeting.id)).audioStorageKey!);
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/voicemail-greetings/${greeting.id}/audio`,
      headers: await signedInAs(admin),
    });
    expect(audio.statusCode).toBe(404);
  });
});

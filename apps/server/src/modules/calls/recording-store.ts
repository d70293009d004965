import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config';

/** A recording's audio: its bytes and their media type (`audio/wav`, `audio/mpeg`, `audio/ogg`, …). */
export type RecordingAudio = { bytes: Uint8Array; contentType: string };

/**
 * Where the audio of call recordings (voicemail) is kept, keyed by the carrier's recording id
 * (`call_recordings.recording_sid`). Whoever receives the audio (the sandbox's media, or the
 * Twilio recording fetched on first play) puts it here; the playback route reads it. The key is
 * only a storage name: which organisation may read a recording is decided by its
 * `call_recordings` row, never by this store.
 */
export interface RecordingStore {
  /** Keeps the audio under `recordingSid` (replacing any). Throws `RangeError` on an id unfit for a file name. */
  put(recordingSid: string, audio: RecordingAudio): Promise<void>;
  /** The audio kept under `recordingSid`, or null when none is. */
  get(recordingSid: string): Promise<RecordingAudio | null>;
  /** Forgets the audio (nothing when none is kept). */
  delete(recordingSid: string): Promise<void>;
}

// Carriers' ids are letters, digits, '-' and '_' (Twilio's "RE…", the sandbox's uuids): anything
// else is refused so that an id can never name a path outside the store's folder.
const SAFE_ID = /^[A-Za-z0-9_-]{1,128}$/;

function checkId(recordingSid: string): string {
  if (!SAFE_ID.test(recordingSid))
    throw new RangeError(`recording id unfit for storage: ${JSON.stringify(recordingSid)}`);
  return recordingSid;
}

// The embedded in-memory mode (DATA_DIR `memory://`, the tests) keeps the audio for the life of
// the process, shared by every app in it: recording ids are unique per carrier, so apps never meet.
const memory = new Map<string, RecordingAudio>();

/** The store in memory (DATA_DIR `memory://`): for the process's life. */
export function memoryRecordingStore(): RecordingStore {
  // Async so that a refused id rejects, as the file store's does, rather than throwing.
  return {
    // eslint-disable-next-line @typescript-eslint/require-await
    put: async (sid, audio) =>
      void memory.set(checkId(sid), { bytes: new Uint8Array(audio.bytes), contentType: audio.contentType }),
    // eslint-disable-next-line @typescript-eslint/require-await
    get: async (sid) => memory.get(checkId(sid)) ?? null,
    // eslint-disable-next-line @typescript-eslint/require-await
    delete: async (sid) => void memory.delete(checkId(sid)),
  };
}

/**
 * The store in files: `DIR/<recordingSid>.audio` for the bytes and `DIR/<recordingSid>.type`
 * for the media type (a recording is written once and read whole: no database round trip).
 */
export function fileRecordingStore(dir: string): RecordingStore {
  return {
    async put(sid, audio) {
      const name = checkId(sid);
      await mkdir(dir, { recursive: true });
      await writeFile(join(dir, `${name}.audio`), audio.bytes);
      await writeFile(join(dir, `${name}.type`), audio.contentType);
    },
    async get(sid) {
      const name = checkId(sid);
      try {
        const [bytes, contentType] = await Promise.all([
          readFile(join(dir, `${name}.audio`)),
          readFile(join(dir, `${name}.type`), 'utf8'),
        ]);
        return {
          bytes: new Uint8Array(bytes),
          contentType: contentType.trim() || 'application/octet-stream',
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(sid) {
      const name = checkId(sid);
      await Promise.all([
        rm(join(dir, `${name}.audio`), { force: true }),
        rm(join(dir, `${name}.type`), { force: true }),
      ]);
    },
  };
}

/**
 * The app's recording store: files under `DATA_DIR/recordings`, or memory when DATA_DIR is
 * `memory://`. Cheap to call (no I/O until used): call it where the audio is put or read.
 */
export function recordingStore(config: Pick<Config, 'DATA_DIR'>): RecordingStore {
  return config.DATA_DIR === 'memory://'
    ? memoryRecordingStore()
    : fileRecordingStore(join(config.DATA_DIR, 'recordings'));
}

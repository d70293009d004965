// The local S3 server of the attachments benchmark, in a process of its own (so that its work is
// not counted against the benchmark's client): s3rver, the S3 stand-in the tests use
// (apps/server/src/carriers/storage/s3/testing/s3-stand-in.ts), same bucket, same credentials.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeBin, repo } from './accueil-server.mjs';
import { start, stop } from './server-process.mjs';

/** The bucket and credentials of the stand-in (s3rver's fixed ones). */
export const S3_BUCKET = 'accueil-bench';

/** The app's S3 configuration for a stand-in at `endpoint`. */
export const s3Env = (endpoint) => ({
  STORAGE_CARRIER: 's3',
  S3_BUCKET,
  S3_REGION: 'us-east-1',
  S3_ENDPOINT: endpoint,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

/**
 * Starts s3rver on `port` over a fresh folder; resolves `{ endpoint, pid, directory, stop() }`
 * (`directory`: where s3rver keeps the objects, one folder per bucket; stop removes it).
 */
export async function startS3StandIn(port) {
  const directory = mkdtempSync(join(tmpdir(), 'accueil-bench-s3-'));
  const script = `
    import S3rver from 's3rver';
    await new S3rver({ address: '127.0.0.1', port: ${port}, silent: true, directory: ${JSON.stringify(directory)},
      configureBuckets: [{ name: ${JSON.stringify(S3_BUCKET)}, configs: [] }] }).run();`;
  const child = start([nodeBin, '--input-type=module', '-e', script], process.env, repo);
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver answers its root (the bucket list) without a signature only with an error: any answer will do.
  for (let i = 0; ; i++) {
    try {
      await fetch(endpoint);
      break;
    } catch {
      if (i > 100) throw new Error('s3rver did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    endpoint,
    pid: child.pid,
    directory,
    async stop() {
      await stop(child);
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

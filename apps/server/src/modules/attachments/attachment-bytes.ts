import { finished, Readable, Transform, type TransformCallback } from 'node:stream';
import { AppError } from '@accueil/domain';

/** Bytes file-type reads to recognise a format (its `reasonableDetectionSizeInBytes`). */
export const SNIFF_BYTES = 4100;

/**
 * The first `SNIFF_BYTES` of `source` (fewer when it is shorter) and a stream of the whole of it,
 * head included. The head is read in paused mode and put back (`unshift`), so `whole` is `source`
 * itself: no stream stage of its own between the socket and the store, nothing held but the head,
 * back-pressure kept. Rejects with `source`'s error (a cut connection) or a premature close met
 * while reading the head; later ones reach whoever reads `whole`.
 */
export function peekHead(source: Readable): Promise<{ head: Buffer; whole: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const joined = () => (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
  return new Promise((resolve, reject) => {
    const stop = () => {
      source.off('readable', take);
      stopWatching();
    };
    function take(): void {
      let chunk: Buffer | null;
      while (length < SNIFF_BYTES && (chunk = source.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        length += chunk.length;
      }
      if (length < SNIFF_BYTES) return;
      stop();
      // Put back at once, in this tick: reading the last chunk schedules the stream's end, which
      // must find the head there again.
      const head = joined();
      source.unshift(head);
      resolve({ head, whole: source });
    }
    const stopWatching = finished(source, { writable: false }, (error) => {
      stop();
      if (error) return reject(error);
      // Shorter than the head: it is all there.
      const head = joined();
      resolve({ head, whole: Readable.from([head], { objectMode: false }) });
    });
    source.on('readable', take);
  });
}

// A ZIP archive's local file header and end of central directory record: a PDF carrying either
// is also an archive (a polyglot), which a viewer could open as the other format.
const ZIP_SIGNATURES = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];

/** True when `bytes` (a whole file) carries a ZIP signature anywhere: a PDF that is also an archive. */
export function holdsZipSignature(bytes: Buffer): boolean {
  return ZIP_SIGNATURES.some((signature) => bytes.includes(signature));
}

/**
 * A pass-through that counts the bytes of an upload and fails it with an `AppError` as soon as
 * they pass `max` (`tooLarge` is the refusal: the class's limit, or a longer body than declared),
 * at its end when they fall short of `expected` (`upload-incomplete`: the upload was cut), and,
 * with `refuseZip`, as soon as a ZIP signature shows (a polyglot: `file-unexpected`). The first
 * failure is kept in `failure`, since a storage vendor may wrap the error it sees.
 */
export class UploadGuard extends Transform {
  bytes = 0;
  failure: AppError | null = null;
  private tail = Buffer.alloc(0);

  constructor(
    private readonly rule: { max: number; tooLarge: AppError; expected: number; refuseZip: boolean },
  ) {
    super();
  }

  private fail(error: AppError, callback: TransformCallback): void {
    this.failure ??= error;
    callback(error);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.rule.max) return this.fail(this.rule.tooLarge, callback);
    if (this.rule.refuseZip) {
      // The last 3 bytes of the previous chunk too: a signature may straddle two chunks.
      const window = Buffer.concat([this.tail, chunk]);
      if (ZIP_SIGNATURES.some((signature) => window.includes(signature)))
        return this.fail(
          new AppError('file-unexpected', 'This PDF is also a ZIP archive: it is refused'),
          callback,
        );
      this.tail = window.subarray(Math.max(0, window.length - 3));
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.bytes < this.rule.expected)
      return this.fail(
        new AppError(
          'upload-incomplete',
          `The upload ended after ${this.bytes} of its ${this.rule.expected} bytes`,
        ),
        callback,
      );
    callback();
  }
}

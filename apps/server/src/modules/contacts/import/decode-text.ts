import chardet from 'chardet';
import iconv from 'iconv-lite';

/** The text encodings an import reads. */
export type TextEncoding = 'utf-8' | 'windows-1252';

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Bytes the detector looks at (enough for a few hundred rows). */
const DETECT_BYTES = 64 * 1024;

/**
 * The encoding of a CSV file: UTF-8 when it starts with a BOM, or when chardet says UTF-8 or
 * ASCII and the bytes are valid UTF-8; otherwise Windows-1252 (what spreadsheet programs write
 * in French and English Windows: chardet's ISO-8859-1 and windows-125x answers are read so, as
 * 1252 is a superset of Latin-1's printable characters).
 */
export function detectTextEncoding(file: Buffer): TextEncoding {
  if (file.subarray(0, 3).equals(UTF8_BOM)) return 'utf-8';
  const sample = file.subarray(0, DETECT_BYTES);
  const guess = (chardet.detect(sample) ?? '').toUpperCase();
  if ((guess === 'UTF-8' || guess === 'ASCII' || guess === '') && isValidUtf8(sample)) return 'utf-8';
  return isValidUtf8(file) && !/^(ISO-8859|WINDOWS-125)/.test(guess) ? 'utf-8' : 'windows-1252';
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    // A sample cut inside a multi-byte character would fail: judge all but its last 3 bytes.
    new TextDecoder('utf-8', { fatal: true }).decode(
      bytes.length > 3 && bytes.length === DETECT_BYTES ? bytes.subarray(0, -3) : bytes,
    );
    return true;
  } catch {
    return false;
  }
}

/** The file as text in `encoding`, without a BOM. */
export function decodeText(file: Buffer, encoding: TextEncoding): string {
  const text = iconv.decode(file, encoding);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

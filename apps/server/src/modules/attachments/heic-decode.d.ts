// heic-decode ships no types: the part of its API the attachments module uses (lib.js `all`).
declare module 'heic-decode' {
  /** One picture of a HEIC/HEIF file: its size in pixels, decoded to RGBA only when asked. */
  export type HeicImage = {
    width: number;
    height: number;
    decode: () => Promise<{ data: Uint8ClampedArray; width: number; height: number }>;
  };
  /** Every picture of the file, undecoded; `dispose` frees them. @throws when the buffer is no HEIC. */
  export function all(options: {
    buffer: Buffer | Uint8Array;
  }): Promise<HeicImage[] & { dispose: () => void }>;
  const decode: { all: typeof all };
  export default decode;
}

import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildUploader, STORAGE_VENDORS, uploaded, useAttachmentApp } from '../../test/attachment-requests';

/** A real HEIC (HEVC) picture with EXIF and GPS, as an iPhone sends (see test/fixtures/attachments/README.md). */
const heic = () => readFile(new URL('../../test/fixtures/attachments/iphone-like.heic', import.meta.url));

/* HEIC pictures from iPhones are converted (docs/behaviour/attachments.md), on both vendors. */
describe.each(STORAGE_VENDORS)('a HEIC picture on the %s vendor', (vendor) => {
  const { t } = useAttachmentApp(vendor);

  it('is kept as a JPEG of the same picture, without its EXIF and GPS, with a WebP thumbnail', async () => {
    const { headers } = await buildUploader();
    const original = await heic();
    expect(original.subarray(4, 12).toString('latin1')).toBe('ftypheic');
    const attachment = await uploaded(t, headers, original, 'IMG_0001.HEIC');
    expect(attachment).toMatchObject({
      kind: 'image',
      contentType: 'image/jpeg',
      width: 64,
      height: 48,
      thumbnail: true,
    });
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${attachment.id}/content`,
      headers,
    });
    expect([content.statusCode, content.headers['content-type']]).toEqual([200, 'image/jpeg']);
    const meta = await sharp(content.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 64, 48, undefined]);
    // The picture itself came through: the four quarters keep their colours (lossy both ways).
    const { data } = await sharp(content.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 64 + x) * 3, (y * 64 + x) * 3 + 3)];
    const near = (actual: number[], expected: number[]) =>
      actual.every((v, i) => Math.abs(v - expected[i]!) <= 24);
    expect(near(at(8, 8), [220, 40, 90])).toBe(true);
    expect(near(at(56, 8), [30, 40, 90])).toBe(true);
    expect(near(at(8, 40), [220, 200, 90])).toBe(true);
    expect(near(at(56, 40), [30, 200, 90])).toBe(true);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${attachment.id}/thumbnail`,
      headers,
    });
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
  });
});

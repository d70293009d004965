import { ATTACHMENT_IMAGE_MAX_BYTES, type Attachment } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import {
  buildUploader,
  mp3OfSize,
  pdfOfSize,
  photoWithGps,
  pngClaiming,
  STORAGE_VENDORS,
  upload,
  uploaded,
  useAttachmentApp,
} from '../../test/attachment-requests';

/* Uploads and the attachment rules (docs/behaviour/attachments.md), on both storage vendors. */
describe.each(STORAGE_VENDORS)('attachment uploads on the %s vendor', (vendor) => {
  const { t, storedKeys } = useAttachmentApp(vendor);

  const refusal = (res: { statusCode: number; json: () => unknown }) => [
    res.statusCode,
    (res.json() as { code: string }).code,
  ];

  it('keeps a photo without its EXIF and GPS metadata, with a thumbnail, under the sniffed type', async () => {
    const { headers } = await buildUploader();
    const photo = await photoWithGps();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    // Named .png by the browser, it is a JPEG: the name's extension is of an accepted picture type
    // but another one, so it is refused; with a neutral name it is kept as the JPEG it is.
    expect(refusal(await upload(t, headers, photo, 'photo.png'))).toEqual([415, 'file-unexpected']);
    const attachment = await uploaded(t, headers, photo, 'photo');
    expect(attachment).toMatchObject({ name: 'photo', contentType: 'image/jpeg', kind: 'image', width: 200 });
    expect(attachment.thumbnail).toBe(true);
    const content = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${attachment.id}/content`,
      headers,
    });
    expect(content.statusCode).toBe(200);
    const meta = await sharp(content.rawPayload).metadata();
    expect([meta.format, meta.exif, meta.width]).toEqual(['jpeg', undefined, 200]);
    expect(content.rawPayload.length).toBe(attachment.size);
    const thumbnail = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${attachment.id}/thumbnail`,
      headers,
    });
    expect((await sharp(thumbnail.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses a picture over 200 KB, and shrinks it to fit when the user agrees', async () => {
    const { user, headers } = await buildUploader();
    const big = await photoWithGps(1000, 750);
    expect(big.length).toBeGreaterThan(ATTACHMENT_IMAGE_MAX_BYTES);
    const refused = await upload(t, headers, big, 'big.jpg');
    expect([refused.statusCode, refused.json<{ code: string; message: string }>()]).toEqual([
      413,
      expect.objectContaining({
        code: 'image-too-large',
        message: 'Image size must not exceed 200 kilobytes.',
      }),
    ]);
    const resized = await uploaded(t, headers, big, 'big.jpg', { resize: true });
    expect(resized.resized).toBe(true);
    expect(resized.size).toBeLessThanOrEqual(ATTACHMENT_IMAGE_MAX_BYTES);
    expect(resized.width).toBeLessThan(1000);
    const rows = await t.deps.db.select().from(attachments).where(eq(attachments.uploadedBy, user.id));
    expect(rows).toHaveLength(1);
  });

  it('takes a PDF under 600 KB and media up to 2 MB, refusing larger ones with the spec’s messages', async () => {
    const { user, headers } = await buildUploader();
    const pdf = await uploaded(t, headers, pdfOfSize(599_999), 'form.pdf');
    expect([pdf.kind, pdf.contentType, pdf.size]).toEqual(['pdf', 'application/pdf', 599_999]);
    const pdfRefused = await upload(t, headers, pdfOfSize(600_000), 'form.pdf');
    expect([pdfRefused.statusCode, pdfRefused.json<{ message: string }>().message]).toEqual([
      413,
      'The PDF file must be less than 600 kilobytes.',
    ]);
    const audio = await uploaded(t, headers, mp3OfSize(2_000_000), 'note.mp3');
    expect([audio.kind, audio.contentType]).toEqual(['media', 'audio/mpeg']);
    const audioRefused = await upload(t, headers, mp3OfSize(2_000_001), 'note.mp3');
    expect([audioRefused.statusCode, audioRefused.json<{ message: string }>().message]).toEqual([
      413,
      'Your file must be 2 megabytes or less.',
    ]);
    const rows = await t.deps.db.select().from(attachments).where(eq(attachments.uploadedBy, user.id));
    expect(rows.map((r) => r.size).sort()).toEqual([2_000_000, 599_999]);
  });

  it('refuses HTML, SVG with script, a PDF that is also a ZIP, and a decompression bomb, keeping nothing', async () => {
    const { user, headers } = await buildUploader();
    const html = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    // A PDF whose body carries a ZIP archive (local header and end of central directory).
    const polyglot = Buffer.concat([
      pdfOfSize(2000),
      Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00', 'latin1'),
      Buffer.alloc(100_000, 0x41),
      Buffer.from('PK\x05\x06\x00\x00\x00\x00', 'latin1'),
    ]);
    // A PNG whose header says 20,000 × 20,000 pixels (400 megapixels to decode) in a few bytes.
    const bomb = await pngClaiming(20_000, 20_000);
    expect(bomb.length).toBeLessThan(ATTACHMENT_IMAGE_MAX_BYTES);
    for (const [data, name] of [
      [html, 'page.html'],
      [html, 'page.pdf'],
      [svg, 'picture.svg'],
      [polyglot, 'form.pdf'],
      [bomb, 'bomb.png'],
    ] as const)
      expect([name, ...refusal(await upload(t, headers, data, name))]).toEqual([
        name,
        415,
        'file-unexpected',
      ]);
    const rows = await t.deps.db.select().from(attachments).where(eq(attachments.uploadedBy, user.id));
    expect(rows).toEqual([]);
    expect(await storedKeys(`org/${user.organizationId}/`)).toEqual([]);
  });

  it('refuses a body longer or shorter than its declared size, and a declared size over the limit unread', async () => {
    const { user, headers } = await buildUploader();
    const pdf = pdfOfSize(10_000);
    expect(refusal(await upload(t, headers, pdf, 'a.pdf', { size: 9_000 }))).toEqual([
      400,
      'validation-failed',
    ]);
    expect(refusal(await upload(t, headers, pdf, 'a.pdf', { size: 11_000 }))).toEqual([
      400,
      'upload-incomplete',
    ]);
    expect(refusal(await upload(t, headers, pdf, 'a.pdf', { size: 700_000 }))).toEqual([
      413,
      'pdf-too-large',
    ]);
    expect(await t.deps.db.select().from(attachments).where(eq(attachments.uploadedBy, user.id))).toEqual([]);
    // s3rver writes a PUT's body as it reads it and keeps what came of an aborted one; S3 itself
    // never creates an object from an incomplete PUT. So only the disk's store is listed here.
    if (vendor === 'disk') expect(await storedKeys(`org/${user.organizationId}/`)).toEqual([]);
  });

  it('lets the uploader remove a draft (row and files), and answers 404 to anyone else', async () => {
    const { user, headers } = await buildUploader();
    const other = await buildUploader();
    const attachment: Attachment = await uploaded(t, headers, await photoWithGps(), 'p.jpg');
    const url = `/api/attachments/${attachment.id}`;
    for (const method of ['GET', 'DELETE'] as const)
      expect((await t.app.inject({ method, url, headers: other.headers })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${url}/content`, headers: other.headers })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(404);
    expect(await storedKeys(`org/${user.organizationId}/`)).toEqual([]);
  });
});

import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import {
  buildUploader,
  mp3OfSize,
  pdfOfSize,
  photoWithGps,
  STORAGE_VENDORS,
  upload,
  uploaded,
  useAttachmentApp,
} from '../../test/attachment-requests';
import { multipartFile } from '../../test/multipart';
import { UPLOAD_BODIES_AT_ONCE, uploadBodiesInFlight } from './read-upload-part';

/* Serving attachments safely, cut uploads, the upload rate and the bodies read at once (docs/behaviour/attachments.md), on both vendors. */
describe.each(STORAGE_VENDORS)('attachments served from the %s vendor', (vendor) => {
  const { t, storedKeys } = useAttachmentApp(vendor);

  it('serves a picture in place only when asked, anything else as a download, never as a page', async () => {
    const { headers } = await buildUploader();
    const photo = await uploaded(t, headers, await photoWithGps(), 'Photo de l’éruption.jpg');
    const pdf = await uploaded(t, headers, pdfOfSize(5_000), 'form.pdf');
    const get = (id: string, query = '') =>
      t.app.inject({ method: 'GET', url: `/api/attachments/${id}/content${query}`, headers });
    const inline = await get(photo.id, '?disposition=inline');
    expect(inline.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
    });
    // The name in UTF-8 (RFC 6266), with an ISO-8859-1 fallback for old browsers.
    expect(inline.headers['content-disposition']).toMatch(
      /^inline; filename="Photo de l\?.+ruption\.jpg"; filename\*=UTF-8''Photo%20de%20l%E2%80%99%C3%A9ruption\.jpg$/,
    );
    expect((await get(photo.id)).headers['content-disposition']).toMatch(/^attachment; /);
    // A PDF is never shown in place, even when asked: it downloads.
    const download = await get(pdf.id, '?disposition=inline');
    expect([
      download.statusCode,
      download.headers['content-type'],
      download.headers['content-disposition'],
    ]).toEqual([200, 'application/pdf', 'attachment; filename=form.pdf']);
    expect(download.headers['content-security-policy']).toContain('sandbox');
    expect(download.rawPayload.equals(pdfOfSize(5_000))).toBe(true);
    expect((await get(pdf.id.replace(/.$/, (c) => (c === '0' ? '1' : '0')))).statusCode).toBe(404);
  });

  it('answers 404 for another organisation’s attachment, and for an unsent one to another member', async () => {
    const { user, headers } = await buildUploader();
    const outsider = await buildUploader();
    const colleague = await buildUploader().then(async () => {
      const { buildUser } = await import('../../test/factories');
      const { signedInAs } = await import('../../test/signed-in');
      return signedInAs(await buildUser({ organizationId: user.organizationId }));
    });
    const photo = await uploaded(t, headers, await photoWithGps(), 'p.jpg');
    for (const other of [outsider.headers, colleague])
      for (const path of ['', '/content', '/thumbnail'])
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/attachments/${photo.id}${path}`, headers: other }))
            .statusCode,
        ).toBe(404);
  });

  it('leaves neither row nor object when the connection is cut mid-upload', async () => {
    const { user, headers } = await buildUploader();
    const form = multipartFile('file', 'note.mp3', mp3OfSize(1_000_000));
    const half = form.payload.subarray(0, 600_000);
    const cut = new Readable({
      read() {
        this.push(half);
        this.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }));
      },
    });
    const res = await t.app
      .inject({
        method: 'POST',
        url: '/api/attachments?size=1000000',
        headers: { ...headers, ...form.headers },
        payload: cut,
      })
      .catch((error: unknown) => ({ statusCode: 0, error }));
    expect(res.statusCode).not.toBe(201);
    expect(await t.deps.db.select().from(attachments).where(eq(attachments.uploadedBy, user.id))).toEqual([]);
    if (vendor === 'disk') expect(await storedKeys(`org/${user.organizationId}/`)).toEqual([]);
  });

  it('reads at most UPLOAD_BODIES_AT_ONCE upload bodies at once: the next waits its turn, then is kept', async () => {
    // Each upload sends its form's first bytes, then holds the rest until it is let go.
    const uploads = Array.from({ length: UPLOAD_BODIES_AT_ONCE + 1 }, () => {
      const form = multipartFile('file', 'note.mp3', mp3OfSize(20_000));
      let letGo = () => {};
      const held = new Promise<void>((resolve) => (letGo = resolve));
      let sent = false;
      const payload = new Readable({
        read() {
          if (sent) return;
          sent = true;
          this.push(form.payload.subarray(0, 5_000));
          void held.then(() => {
            this.push(form.payload.subarray(5_000));
            this.push(null);
          });
        },
      });
      return { form, payload, letGo };
    });
    // 10 at once per user: one user for each 8 uploads.
    const users = await Promise.all(
      Array.from({ length: Math.ceil(uploads.length / 8) }, () => buildUploader()),
    );
    const answers = uploads.map(({ form, payload }, i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/attachments?size=20000',
        headers: { ...users[Math.floor(i / 8)]!.headers, ...form.headers },
        payload,
      }),
    );
    const settled = async (expected: { reading: number; waiting: number }) => {
      for (let i = 0; i < 200 && JSON.stringify(uploadBodiesInFlight()) !== JSON.stringify(expected); i++)
        await new Promise((resolve) => setTimeout(resolve, 10));
      expect(uploadBodiesInFlight()).toEqual(expected);
    };
    await settled({ reading: UPLOAD_BODIES_AT_ONCE, waiting: 1 });
    uploads[0]!.letGo();
    expect((await answers[0]!).statusCode).toBe(201);
    // The one that waited is read now: all the others still hold their bodies.
    await settled({ reading: UPLOAD_BODIES_AT_ONCE, waiting: 0 });
    for (const u of uploads) u.letGo();
    expect((await Promise.all(answers)).map((a) => a.statusCode)).toEqual(uploads.map(() => 201));
    expect(uploadBodiesInFlight()).toEqual({ reading: 0, waiting: 0 });
  });

  it('limits one user’s uploads at once: of 100 together, most are refused with 429', async () => {
    const { headers } = await buildUploader();
    const small = pdfOfSize(1_000);
    const answers = await Promise.all(Array.from({ length: 100 }, () => upload(t, headers, small, 'f.pdf')));
    const statuses = answers.map((a) => a.statusCode);
    // 10 at once, then one a second refills (a slow run lets a few more through).
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(20);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(80);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect([refused.json<{ code: string }>().code, Number(refused.headers['retry-after'])]).toEqual([
      'too-many-requests',
      expect.any(Number),
    ]);
    // Another user is not held back by the first one's uploads.
    const other = await buildUploader();
    expect((await upload(t, other.headers, small, 'f.pdf')).statusCode).toBe(201);
  });
});

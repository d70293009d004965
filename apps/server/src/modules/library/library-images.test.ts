import type { PostImage } from '@accueil/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { multipartFile } from '../../test/multipart';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

/** A JPEG with EXIF metadata (a camera's), as an author would upload it. */
async function photo(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3366aa' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'Clinique' } } })
    .toBuffer();
}

async function upload(caller: { id: string; organizationId: string }, name: string, data: Buffer) {
  const form = multipartFile('file', name, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/posts/images',
    payload: form.payload,
    headers: { ...form.headers, ...(await signedInAs(caller)) },
  });
}

describe('pictures of posts', () => {
  it('are kept re-encoded without metadata and served without sign-in', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const res = await upload(marketing, 'dent.jpg', await photo());
    expect(res.statusCode).toBe(201);
    const image = res.json<PostImage>();
    expect(image).toMatchObject({ width: 64, height: 48 });
    expect(image.url).toMatch(
      new RegExp(`^/api/public/post-images/${marketing.organizationId}/[0-9a-f-]{36}$`),
    );
    const served = await t.app.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it('refuse a file that is not a picture, whatever its name says', async () => {
    const marketing = await buildUser({ role: 'marketing' });
    const html = Buffer.from('<svg onload="alert(1)"><script>alert(1)</script></svg>');
    for (const name of ['image.png', 'image.svg', 'image']) {
      const res = await upload(marketing, name, html);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'file-unexpected' });
    }
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    expect((await upload(marketing, 'photo.jpg', pdf)).json()).toMatchObject({ code: 'file-unexpected' });
  });

  it('are uploaded by marketing only; an unknown picture answers 404', async () => {
    const user = await buildUser({ role: 'admin' });
    const res = await upload(user, 'dent.jpg', await photo());
    expect(res.statusCode).toBe(403);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/public/post-images/${user.organizationId}/${crypto.randomUUID()}`,
    });
    expect(missing.statusCode).toBe(404);
    const notUuid = await t.app.inject({ method: 'GET', url: `/api/public/post-images/x/..%2F..%2Fsecret` });
    expect(notUuid.statusCode).toBe(400);
  });
});

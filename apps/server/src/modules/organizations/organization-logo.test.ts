import type { OrganizationSettings } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { StorageNotFoundError } from '../../carriers/storage/storage-carrier';
import { organizationLogos } from '../../db/schema/organizations';
import { buildOrganization } from '../../test/factories';
import { useTestApp } from '../../test/test-app';
import { multipartLogo, organizationTestHelpers } from '../../test/organization-helpers';

/* The organisation's logo: upload (resized, sniffed, limited), serving, removal. */
const t = useTestApp();
const { call, buildOrganizationWithStaff } = organizationTestHelpers(t);

describe('logo', () => {
  const png = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: '#2a6f97' } })
      .png()
      .toBuffer();

  it('stores an uploaded image resized, serves it, and removes it', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(await png(1200, 600), 'logo.png');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.id}/logo`,
      headers: { ...adminHeaders, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const { logoUrl } = res.json<OrganizationSettings>();
    expect(logoUrl).toMatch(new RegExp(`^/logos/${org.id}\\?v=\\d+$`));

    const image = await t.app.inject({ method: 'GET', url: logoUrl! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toContain('immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 256]);

    const removed = await call('DELETE', `/api/organizations/${org.id}/logo`, adminHeaders);
    expect(removed.json<OrganizationSettings>().logoUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/logos/${org.id}` })).statusCode).toBe(404);
  });

  it('keeps a small image its size', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } })
        .jpeg()
        .toBuffer(),
      'logo.jpg',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.id}/logo`,
      headers: { ...adminHeaders, ...form.headers },
      payload: form.payload,
    });
    const image = await t.app.inject({ method: 'GET', url: res.json<OrganizationSettings>().logoUrl! });
    expect((await sharp(image.rawPayload).metadata()).width).toBe(64);
  });

  it('sniffs the content: an SVG, or a text named .png, is refused with 415', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [content, name] of [
      [svg, 'logo.svg'],
      [Buffer.from('hello, not an image'), 'logo.png'],
    ] as const) {
      const form = multipartLogo(content, name);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${org.id}/logo`,
        headers: { ...adminHeaders, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ code: string }>().code).toBe('unsupported-media-type');
    }
  });

  it('refuses a file over the size limit with 413', async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(2_100_000)]);
    const form = multipartLogo(big);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${org.id}/logo`,
      headers: { ...adminHeaders, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json<{ code: string }>().code).toBe('payload-too-large');
  });

  it("keeps the image in the storage carrier under the organisation's prefix, and deletes the files it no longer names", async () => {
    const { org, adminHeaders } = await buildOrganizationWithStaff();
    const upload = async () => {
      const form = multipartLogo(await png(20, 20));
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/organizations/${org.id}/logo`,
        headers: { ...adminHeaders, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.deps.db
        .select()
        .from(organizationLogos)
        .where(eq(organizationLogos.organizationId, org.id));
      return row!;
    };
    const first = await upload();
    expect(first.storageKey).toMatch(new RegExp(`^org/${org.id}/logos/`));
    expect(first.content).toBeNull();
    const kept = await t.deps.storage.get(first.storageKey!);
    kept.stream.destroy();
    expect([kept.contentType, kept.size]).toEqual(['image/webp', first.size]);

    const second = await upload();
    expect(second.storageKey).not.toBe(first.storageKey);
    await expect(t.deps.storage.get(first.storageKey!)).rejects.toBeInstanceOf(StorageNotFoundError);
    await call('DELETE', `/api/organizations/${org.id}/logo`, adminHeaders);
    await expect(t.deps.storage.get(second.storageKey!)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it('answers 403 to a user and 404 for another organisation', async () => {
    const { org, adminHeaders, userHeaders } = await buildOrganizationWithStaff();
    const form = multipartLogo(await png(10, 10));
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/organizations/${org.id}/logo`,
          headers: { ...userHeaders, ...form.headers },
          payload: form.payload,
        })
      ).statusCode,
    ).toBe(403);
    const other = await buildOrganization();
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/organizations/${other.id}/logo`,
          headers: { ...adminHeaders, ...form.headers },
          payload: form.payload,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/organizations/${other.id}/logo`, adminHeaders)).statusCode).toBe(404);
  });
});

import { SUPPORT_REQUESTS_PER_HOUR, SUPPORT_SCREENSHOT_MAX_BYTES } from '@accueil/domain';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { mailsTo } from '../../test/sandbox-mail';
import { signedInAs } from '../../test/signed-in';
import { useTestApp } from '../../test/test-app';

/** The report-a-problem dialog's request: mailed to SUPPORT_EMAIL with the session's identity. */
const t = useTestApp();
afterEach(() => vi.restoreAllMocks());

const send = (headers: Record<string, string>, form: ReturnType<typeof multipartForm>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/email/support',
    headers: { ...headers, ...form.headers },
    payload: form.payload,
  });
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#0b7285' } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'GPS here' } } })
    .toBuffer();

describe('POST /api/email/support', () => {
  it('mails the description, page and screenshot with the session’s name and e-mail (not the form’s), answered to the person', async () => {
    const user = await buildUser({ firstName: 'Marie', lastName: 'Tremblay' });
    const mailSpy = vi.spyOn(t.deps.email, 'send');
    const screenshot = await png();
    const res = await send(
      await signedInAs(user),
      multipartForm(
        {
          description: '  Le bouton Envoyer ne répond plus.  ',
          url: 'http://localhost:3000/conversations?sid=4',
          name: 'Someone Else',
          email: 'attacker@evil.test',
        },
        [{ field: 'screenshot', fileName: 'x.png', data: screenshot, contentType: 'image/png' }],
      ),
    );
    expect(res.statusCode).toBe(204);
    const [mail] = await mailsTo(t.app, t.deps.config.SUPPORT_EMAIL);
    expect(mail!.subject).toContain('Marie Tremblay');
    expect(mail!.text).toContain(`Marie Tremblay <${user.username}@example.test>`);
    expect(mail!.text).toContain('Le bouton Envoyer ne répond plus.');
    expect(mail!.text).toContain('http://localhost:3000/conversations?sid=4');
    expect(mail!.text).not.toContain('attacker@evil.test');
    expect(mail!.attachments).toEqual([
      expect.objectContaining({ filename: 'capture.png', contentType: 'image/png' }),
    ]);
    const sent = mailSpy.mock.calls.at(-1)![0];
    expect(sent.replyTo).toBe(`${user.username}@example.test`);
    // Encoded again: the picture's metadata does not leave with it.
    const meta = await sharp(sent.attachments![0]!.content).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['png', 40, 30, undefined]);
  });

  it('draws an SVG screenshot into a PNG (its script never reaches anyone)', async () => {
    const user = await buildUser();
    const mailSpy = vi.spyOn(t.deps.email, 'send');
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><script>alert(1)</script><rect width="20" height="10" fill="red"/></svg>',
    );
    const res = await send(
      await signedInAs(user),
      multipartForm({ description: 'SVG' }, [{ field: 'screenshot', fileName: 'a.svg', data: svg }]),
    );
    expect(res.statusCode).toBe(204);
    const file = mailSpy.mock.calls.at(-1)![0].attachments![0]!;
    expect(file.contentType).toBe('image/png');
    expect((await sharp(file.content).metadata()).format).toBe('png');
    expect(file.content.includes('alert(1)')).toBe(false);
  });

  it('refuses a screenshot that is not a PNG, JPEG or SVG by its content, whatever its name says', async () => {
    const headers = await signedInAs(await buildUser());
    const before = (await mailsTo(t.app, t.deps.config.SUPPORT_EMAIL)).length;
    for (const data of [
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.from('%PDF-1.4\n1 0 obj\n'),
      Buffer.from('89504e470d0a1a0a00', 'hex'),
    ]) {
      const res = await send(
        headers,
        multipartForm({ description: 'x' }, [
          { field: 'screenshot', fileName: 'capture.png', data, contentType: 'image/png' },
        ]),
      );
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported-media-type' });
    }
    expect(await mailsTo(t.app, t.deps.config.SUPPORT_EMAIL)).toHaveLength(before);
  });

  it('refuses an empty description, a page that is not a web address and a screenshot over 5 MB; sends nothing', async () => {
    const headers = await signedInAs(await buildUser());
    const before = (await mailsTo(t.app, t.deps.config.SUPPORT_EMAIL)).length;
    const empty = await send(headers, multipartForm({ description: '   ' }));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'validation-failed',
      details: [{ location: 'body', path: 'description', message: 'required' }],
    });
    const badUrl = await send(headers, multipartForm({ description: 'x', url: 'javascript:alert(1)' }));
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().details[0].path).toBe('url');
    const big = await send(
      headers,
      multipartForm({ description: 'x' }, [
        { field: 'screenshot', fileName: 'big.png', data: Buffer.alloc(SUPPORT_SCREENSHOT_MAX_BYTES + 1, 1) },
      ]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'payload-too-large' });
    expect(await mailsTo(t.app, t.deps.config.SUPPORT_EMAIL)).toHaveLength(before);
  });

  it('needs a session, and a JSON body is refused as the wrong media type', async () => {
    const anonymous = await send({}, multipartForm({ description: 'x' }));
    expect(anonymous.statusCode).toBe(401);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/email/support',
      headers: await signedInAs(await buildUser()),
      payload: { description: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it(`lets one person send ${SUPPORT_REQUESTS_PER_HOUR} requests in an hour, at once if need be, then says when to retry; a colleague is not held back`, async () => {
    const user = await buildUser();
    const headers = await signedInAs(user);
    for (let i = 0; i < SUPPORT_REQUESTS_PER_HOUR; i++)
      expect((await send(headers, multipartForm({ description: `n° ${i}` }))).statusCode).toBe(204);
    const refused = await send(headers, multipartForm({ description: 'one more' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'too-many-requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const colleague = await buildUser({ organizationId: user.organizationId });
    expect(
      (await send(await signedInAs(colleague), multipartForm({ description: 'me too' }))).statusCode,
    ).toBe(204);
  });
});

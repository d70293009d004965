import type { Message } from '@accueil/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import { sandboxMessages } from '../../db/schema/sandbox';
import {
  pdfOfSize,
  photoWithGps,
  presignedSignatureHolds,
  STORAGE_VENDORS,
  uploaded,
  useAttachmentApp,
} from '../../test/attachment-requests';
import { buildInboxWithConversation } from '../../test/conversation-factories';
import { buildUser } from '../../test/factories';
import { signedInAs } from '../../test/signed-in';
import type { TestApp } from '../../test/test-app';

/** Fetches a signed URL the carrier was given: the disk vendor's through the app, S3's from the bucket. */
async function fetchSigned(t: TestApp, url: string): Promise<{ status: number; body: Buffer }> {
  const parsed = new URL(url);
  if (parsed.pathname.startsWith('/storage/')) {
    const res = await t.app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}` });
    return { status: res.statusCode, body: res.rawPayload };
  }
  const res = await fetch(url);
  return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
}

/**
 * Whether `forged`, a signed URL altered from `genuine`, is refused: on disk the app answers 404
 * (nothing to say about why). On S3 the bucket decides; s3rver does not check V4 signatures, so
 * the signature is recomputed as S3 does it: the genuine URL's holds, the forged one's does not.
 */
async function forgeryRefused(t: TestApp, vendor: string, genuine: string, forged: string) {
  if (vendor === 'disk') return (await fetchSigned(t, forged)).status === 404;
  return presignedSignatureHolds(genuine, 'S3RVER') && !presignedSignatureHolds(forged, 'S3RVER');
}

/* Sending a multimedia message through the sandbox carrier (docs/behaviour/attachments.md), on both vendors. */
describe.each(STORAGE_VENDORS)('multimedia messages with files on the %s vendor', (vendor) => {
  const { t } = useAttachmentApp(vendor);

  it('sends pictures and a PDF without text: the phone gets signed URLs of the files, colleagues can read them', async () => {
    const { org, team, headers, conversation } = await buildInboxWithConversation();
    const photo = await uploaded(t, headers, await photoWithGps(), 'photo.jpg');
    const pdf = await uploaded(t, headers, pdfOfSize(3_000), 'consignes.pdf');
    const send = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        headers,
        payload,
      });
    const withText = await send({ body: 'Voici', attachmentIds: [photo.id] });
    expect([withText.statusCode, withText.json<{ code: string }>().code]).toEqual([422, 'text-with-media']);
    const res = await send({ attachmentIds: [photo.id, pdf.id] });
    expect(res.statusCode).toBe(201);
    const message = res.json<Message>();
    expect([message.body, message.status]).toEqual(['', 'sent']);
    expect(message.media).toEqual([
      expect.objectContaining({ attachmentId: photo.id, contentType: 'image/jpeg', thumbnail: true }),
      expect.objectContaining({ attachmentId: pdf.id, name: 'consignes.pdf', size: 3_000, thumbnail: false }),
    ]);
    const [onPhone] = await t.deps.db
      .select()
      .from(sandboxMessages)
      .where(eq(sandboxMessages.to, conversation.address));
    expect(onPhone!.media).toHaveLength(2);
    const fetched = await fetchSigned(t, onPhone!.media[0]!.url);
    expect(fetched.status).toBe(200);
    expect((await sharp(fetched.body).metadata()).exif).toBeUndefined();
    expect(onPhone!.media[1]!.contentType).toBe('application/pdf');
    expect((await fetchSigned(t, onPhone!.media[1]!.url)).body.equals(pdfOfSize(3_000))).toBe(true);
    // A forged signature is refused.
    const forged = new URL(onPhone!.media[0]!.url);
    forged.searchParams.set(vendor === 's3' ? 'X-Amz-Signature' : 'signature', 'AAAA');
    expect(await forgeryRefused(t, vendor, onPhone!.media[0]!.url, forged.toString())).toBe(true);
    // Sent, the files are the conversation's: a colleague reads them; sent again, they are refused.
    const colleague = await signedInAs(await buildUser({ organizationId: org.id, teamIds: [team.id] }));
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/attachments/${pdf.id}/content`,
      headers: colleague,
    });
    expect(read.statusCode).toBe(200);
    const again = await send({ attachmentIds: [pdf.id] });
    expect(again.statusCode).toBe(404);
  });

  it('refuses a signed URL once it has expired, and one signed for another file', async () => {
    const { headers } = await buildInboxWithConversation();
    const photo = await uploaded(t, headers, await photoWithGps(40, 30), 'photo.jpg');
    const [row] = await t.deps.db.select().from(attachments).where(eq(attachments.id, photo.id));
    // Presigned URLs count whole seconds from a date floored to the second: a 1-second URL may be
    // already expired when first fetched, so the file is shown to open with a longer-lived URL of
    // the same key, and the 1-second one only to be refused once surely past its end.
    const short = await t.deps.storage.signedUrl(row!.storageKey, { expiresInSeconds: 1 });
    const url = await t.deps.storage.signedUrl(row!.storageKey, { expiresInSeconds: 600 });
    expect((await fetchSigned(t, url)).status).toBe(200);
    // Signed for the file, the URL does not open its thumbnail (another key).
    const other = new URL(url);
    if (vendor === 's3') other.pathname = `${other.pathname}.thumbnail`;
    else other.searchParams.set('key', `${row!.storageKey}.thumbnail`);
    expect(await forgeryRefused(t, vendor, url, other.toString())).toBe(true);
    // Past 2 s the 1-second URL is expired on every vendor; the long one still opens.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect((await fetchSigned(t, short)).status).toBe(vendor === 's3' ? 403 : 404);
    expect((await fetchSigned(t, url)).status).toBe(200);
  });

  it('refuses another user’s upload, and sends nothing', async () => {
    const { headers, conversation } = await buildInboxWithConversation();
    const other = await buildInboxWithConversation();
    const theirs = await uploaded(t, other.headers, pdfOfSize(2_000), 'x.pdf');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers,
      payload: { attachmentIds: [theirs.id] },
    });
    expect(res.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${conversation.id}/messages`,
      headers,
    });
    expect(list.json<{ items: Message[] }>().items.filter((m) => m.direction === 'outbound')).toEqual([]);
  });

  it('keeps the files of a message the carrier refuses, with the carrier’s reason', async () => {
    // The sandbox refuses a landline (a number ending in 0000) as Twilio does: 30006.
    const { headers, conversation } = await buildInboxWithConversation(`+1514555${'0000'}`);
    const photo = await uploaded(t, headers, await photoWithGps(40, 30), 'photo.jpg');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers,
      payload: { attachmentIds: [photo.id] },
    });
    const message = res.json<Message>();
    expect([message.status, message.errorCode, message.media[0]?.attachmentId]).toEqual([
      'failed',
      '30006',
      photo.id,
    ]);
    const content = await t.app.inject({ method: 'GET', url: message.media[0]!.url, headers });
    expect(content.statusCode).toBe(200);
  });
});

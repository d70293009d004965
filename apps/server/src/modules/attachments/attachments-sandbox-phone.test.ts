import type { Message, SandboxMessage } from '@accueil/domain';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { photoWithGps, STORAGE_VENDORS, useAttachmentApp } from '../../test/attachment-requests';
import { buildInbox } from '../../test/conversation-factories';
import { eventually } from '../../test/email-helpers';
import { randomPhoneNumber } from '../../test/factories';

/* The phone simulator sends pictures (docs/behaviour/attachments.md, "Inbound media"): through the same job as Twilio's MMS. */
describe.each(STORAGE_VENDORS)('a picture from the simulated phone on %s', (vendor) => {
  const { t } = useAttachmentApp(vendor);

  it('reaches the team as a kept picture, without its GPS, and the phone shows what it sent', async () => {
    const { team, headers } = await buildInbox(t);
    const phone = randomPhoneNumber();
    const picture = await photoWithGps(120, 90);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: {
        from: phone,
        to: team.phoneNumber,
        picture: { contentType: 'image/jpeg', data: picture.toString('base64') },
      },
    });
    expect(res.statusCode).toBe(201);
    const sent = res.json<SandboxMessage>();
    expect([sent.body, sent.media.length, sent.media[0]?.contentType]).toEqual(['', 1, 'image/jpeg']);
    // The phone loads it from a signed URL: the app's on disk, the bucket's on S3.
    const shown = new URL(sent.media[0]!.url);
    const status =
      vendor === 's3'
        ? (await fetch(shown)).status
        : (await t.app.inject({ method: 'GET', url: `${shown.pathname}${shown.search}` })).statusCode;
    expect(status).toBe(200);

    const conversations = await t.app.inject({ method: 'GET', url: '/api/conversations', headers });
    const conversation = conversations.json<{ items: { id: string }[] }>().items[0]!;
    const kept = await eventually(async () => {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/conversations/${conversation.id}/messages`,
        headers,
      });
      const media = page.json<{ items: Message[] }>().items[0]!.media[0]!;
      return media.attachmentId ? media : null;
    }, 30_000);
    const content = await t.app.inject({ method: 'GET', url: kept.url, headers });
    const meta = await sharp(content.rawPayload).metadata();
    expect([content.statusCode, meta.width, meta.exif]).toEqual([200, 120, undefined]);
  });

  it('refuses a text with neither words nor a picture, and a picture that is not base64', async () => {
    const { team } = await buildInbox(t);
    const from = randomPhoneNumber();
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from, to: team.phoneNumber },
    });
    const garbled = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/messages',
      payload: { from, to: team.phoneNumber, picture: { contentType: 'image/jpeg', data: '***' } },
    });
    expect([empty.statusCode, garbled.statusCode]).toEqual([400, 400]);
  });
});

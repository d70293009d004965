import type { Message } from '@accueil/domain';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import { messages } from '../../db/schema/messages';
import { withSystemAccess } from '../../db/tenant-scope';
import { photoWithGps, STORAGE_VENDORS, uploaded, useAttachmentApp } from '../../test/attachment-requests';
import { buildInboxWithConversation } from '../../test/conversation-factories';
import { purgeAttachmentsJob } from './purge-attachments.job';
import { UNSENT_ATTACHMENT_RETENTION_MS } from './purge-attachments';

/* Retention (docs/behaviour/attachments.md, "Retention"), on both vendors. */
describe.each(STORAGE_VENDORS)('attachments’ retention on the %s vendor', (vendor) => {
  const { t, storedKeys } = useAttachmentApp(vendor);

  it('removes the files of a deleted message and uploads never sent for a day, and keeps the others', async () => {
    const { org, headers, conversation } = await buildInboxWithConversation();
    const picture = await photoWithGps(60, 40);
    const [sentKept, sentThenDeleted, draftOld, draftNew] = [
      await uploaded(t, headers, picture, 'a.jpg'),
      await uploaded(t, headers, picture, 'b.jpg'),
      await uploaded(t, headers, picture, 'c.jpg'),
      await uploaded(t, headers, picture, 'd.jpg'),
    ];
    const send = async (id: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversation.id}/messages`,
        headers,
        payload: { attachmentIds: [id] },
      });
      return res.json<Message>();
    };
    await send(sentKept.id);
    const gone = await send(sentThenDeleted.id);
    const db = t.deps.db;
    // A message goes with its conversation's purge (the foreign key cascades); the row's message_id becomes null.
    await db.delete(messages).where(eq(messages.id, gone.id));
    const dayAgo = new Date(Date.now() - UNSENT_ATTACHMENT_RETENTION_MS - 60_000);
    await db.update(attachments).set({ createdAt: dayAgo }).where(eq(attachments.id, draftOld.id));
    const prefix = `org/${org.id}/attachments/`;
    expect((await storedKeys(prefix)).filter((k) => !k.startsWith('.')).length).toBeGreaterThanOrEqual(8);

    const output = await withSystemAccess('maintenance-job', () => purgeAttachmentsJob.handler(t.deps, {}));
    expect(output).toEqual({ removed: 2 });
    const left = await db
      .select({ id: attachments.id, storageKey: attachments.storageKey })
      .from(attachments)
      .where(inArray(attachments.id, [sentKept.id, sentThenDeleted.id, draftOld.id, draftNew.id]));
    expect(left.map((r) => r.id).sort()).toEqual([sentKept.id, draftNew.id].sort());
    const files = (await storedKeys(prefix)).filter((k) => k.startsWith(prefix));
    // Each kept picture has its file and its thumbnail; the removed ones have neither.
    expect(files.sort()).toEqual(left.flatMap((r) => [r.storageKey, `${r.storageKey}.thumbnail`]).sort());
  });
});

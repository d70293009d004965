import type { Message, SandboxMail } from '@accueil/domain';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attachments } from '../../db/schema/attachments';
import { auditEvents } from '../../db/schema/audit';
import { contacts } from '../../db/schema/contacts';
import { conversations } from '../../db/schema/conversations';
import { messages } from '../../db/schema/messages';
import { secureFiles } from '../../db/schema/secure-files';
import {
  pdfOfSize,
  photoWithGps,
  STORAGE_VENDORS,
  uploaded,
  useAttachmentApp,
} from '../../test/attachment-requests';
import { buildConversation, buildInbox } from '../../test/conversation-factories';
import { deliverRecordedEvents, domainEventsOf } from '../../test/domain-event-helpers';
import { buildContact } from '../../test/factories';
import { multipartForm } from '../../test/multipart';
import { waitForMail } from '../../test/sandbox-mail';
import type { TestApp } from '../../test/test-app';
import { purgeAttachments } from '../attachments/index';
import { purgeExpiredSecureFiles } from './purge-expired-secure-files';

const UNAVAILABLE = {
  code: 'secure-file-unavailable',
  message: 'File is not accessible anymore or the code was wrong.',
};

let addresses = 0;
/** A client address of its own for each contact, so that one test's attempts do not count in another's. */
const newAddress = () => `198.51.100.${++addresses}`;

/**
 * A team member's inbox with a conversation whose contact has an e-mail address (unless `email`
 * is null); `contact` overrides the contact's columns, `channel: 'email'` makes it an e-mail
 * conversation (a phone conversation otherwise).
 */
async function inboxWithContact(
  email: string | null = `patient-${crypto.randomUUID()}@example.com`,
  over: { contact?: Partial<typeof contacts.$inferInsert>; channel?: 'email' } = {},
) {
  const inbox = await buildInbox();
  const contact = await buildContact({
    organizationId: inbox.org.id,
    email,
    lastName: 'Gagnon',
    language: 'en',
    ...over.contact,
  });
  const conversation = await buildConversation({
    organizationId: inbox.org.id,
    teamId: inbox.team.id,
    contactId: contact.id,
    ...(over.channel === 'email' && email
      ? { channel: 'email' as const, messageChannel: 'email' as const, address: email }
      : {}),
  });
  return { ...inbox, contact, conversation };
}

/** The texts sent in a conversation (outbound SMS), oldest first. */
async function textsIn(t: TestApp, conversationId: string) {
  return t.deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.channel, 'sms'),
        eq(messages.direction, 'outbound'),
      ),
    )
    .orderBy(messages.seq);
}

/** The whole link a mail gives (`<PUBLIC_URL>/secure?token=…` or `/send-file?token=…`). */
function linkIn(mail: SandboxMail): string {
  const link = /https?:\/\/\S+\/(?:secure|send-file)\?token=[A-Za-z0-9_-]{43}/.exec(mail.text);
  if (!link) throw new Error(`no link in: ${mail.text}`);
  return link[0];
}

/** The link's token and the code a contact finds in their mail. */
function secretsOf(mail: SandboxMail): { page: string; token: string; code: string } {
  const link = /\/(secure|send-file)\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
  const code = /\b(\d{6})\b/.exec(mail.text);
  if (!link || !code) throw new Error(`no link or code in: ${mail.text}`);
  return { page: link[1]!, token: link[2]!, code: code[1]! };
}

/** A different code than `code`. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function open(t: TestApp, body: object, remoteAddress: string) {
  return t.app.inject({ method: 'POST', url: '/api/secure-files/open', payload: body, remoteAddress });
}

function sendBack(
  t: TestApp,
  fields: { token: string; code: string },
  file: { data: Buffer; name: string },
  remoteAddress: string,
) {
  const form = multipartForm(fields, [{ field: 'file', fileName: file.name, data: file.data }]);
  return t.app.inject({
    method: 'POST',
    url: `/api/secure-files/upload?size=${file.data.length}`,
    headers: form.headers,
    payload: form.payload,
    remoteAddress,
  });
}

/** The audit log's actions of an organisation, sorted (events are delivered in no set order). */
async function auditActions(t: TestApp, organizationId: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId));
  return rows.map((r) => r.action).sort();
}

describe.each(STORAGE_VENDORS)('secure files on the %s vendor', (vendor) => {
  const { t, storedKeys } = useAttachmentApp(vendor);

  async function sendFile(inbox: Awaited<ReturnType<typeof inboxWithContact>>, data: Buffer, name: string) {
    const upload = await uploaded(t, inbox.headers, data, name);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${inbox.conversation.id}/secure-files`,
      headers: inbox.headers,
      payload: { attachmentId: upload.id, salutation: 'ms' },
    });
    return { upload, res };
  }

  it('mails the contact a link and a code (hashed, never answered), and the timeline shows the file waiting', async () => {
    const inbox = await inboxWithContact();
    const pdf = pdfOfSize(12_000);
    const { upload, res } = await sendFile(inbox, pdf, 'résultats.pdf');
    expect(res.statusCode).toBe(201);
    const message = res.json<Message>();
    expect([message.status, message.body, message.type, message.to]).toEqual([
      'sent',
      '',
      'email',
      inbox.contact.email,
    ]);
    expect(message.secureFile).toEqual(
      expect.objectContaining({ kind: 'file', name: 'résultats.pdf', size: 12_000, state: 'waiting' }),
    );
    const days = (Date.parse(message.secureFile!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const mail = await waitForMail(t.app, inbox.contact.email!);
    expect(mail.subject).toContain('sent you a secure file');
    expect(mail.text).toContain('Dear Ms Gagnon,');
    const { page, token, code } = secretsOf(mail);
    expect(page).toBe('secure');
    // Neither the code nor the link is kept in clear, nor answered.
    const [row] = await t.deps.db
      .select()
      .from(secureFiles)
      .where(eq(secureFiles.id, message.secureFile!.id));
    expect(row!.codeHash).toMatch(/^\$argon2id\$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(res.body).not.toContain(code);
    expect(res.body).not.toContain(token);
    // The upload went with the message: it is no draft any more.
    const [attachment] = await t.deps.db.select().from(attachments).where(eq(attachments.id, upload.id));
    expect(attachment!.messageId).toBe(message.id);
    expect((await domainEventsOf(inbox.org.id)).map((e) => e.name)).toContain('secure-file.sent');
  });

  it('texts the link, never the code, in a phone conversation in the contact’s language, after the mail', async () => {
    const inbox = await inboxWithContact(undefined, { contact: { language: null } });
    const { res } = await sendFile(inbox, pdfOfSize(4_000), 'formulaire.pdf');
    expect(res.statusCode).toBe(201);
    const mail = await waitForMail(t.app, inbox.contact.email!);
    // The answer does not wait for the text: it follows.
    const texts = await vi.waitFor(async () => {
      const sent = await textsIn(t, inbox.conversation.id);
      expect(sent.map((m) => m.status)).toEqual(['sent']);
      return sent;
    });
    // The texting path's message: after the secure file's, signed by the user, from the team's number.
    expect(texts[0]).toMatchObject({
      seq: res.json<Message>().seq + 1,
      authorUserId: inbox.user.id,
      from: inbox.team.phoneNumber,
      to: inbox.conversation.address,
      status: 'sent',
    });
    expect(texts[0]!.body).toBe(
      `${inbox.org.name} vous a envoyé un fichier sécurisé : ${linkIn(mail)} ` +
        'Le code à 6 chiffres qui l’ouvre est dans le courriel que nous vous avons envoyé.',
    );
    // A request for a file, to an English-speaking contact: the /send-file link, in English.
    const asking = await inboxWithContact();
    const request = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${asking.conversation.id}/secure-file-requests`,
      headers: asking.headers,
      payload: { salutation: 'mr' },
    });
    expect(request.statusCode).toBe(201);
    const requestMail = await waitForMail(t.app, asking.contact.email!);
    await vi.waitFor(async () => expect(await textsIn(t, asking.conversation.id)).toHaveLength(1));
    expect((await textsIn(t, asking.conversation.id)).map((m) => m.body)).toEqual([
      `${asking.org.name} asks you to send them a file securely: ${linkIn(requestMail)} ` +
        'The 6-digit code is in the e-mail we sent you.',
    ]);
    expect(linkIn(requestMail)).toContain('/send-file?token=');
  });

  it('sends no text in an e-mail conversation nor to a landline: the mail alone carries the link', async () => {
    const byMail = await inboxWithContact(undefined, { channel: 'email' });
    const landline = await inboxWithContact(undefined, { contact: { phoneLineType: 'landline' } });
    for (const inbox of [byMail, landline]) {
      const { res } = await sendFile(inbox, pdfOfSize(3_000), 'a.pdf');
      expect([res.statusCode, res.json<Message>().status]).toEqual([201, 'sent']);
      await waitForMail(t.app, inbox.contact.email!);
      expect(await textsIn(t, inbox.conversation.id)).toEqual([]);
    }
  });

  it('refuses a contact without an e-mail address, and a contact answering a flow, keeping the upload', async () => {
    const noEmail = await inboxWithContact(null);
    const { upload, res } = await sendFile(noEmail, pdfOfSize(3_000), 'a.pdf');
    expect([res.statusCode, res.json<{ code: string }>().code]).toEqual([422, 'contact-without-email']);
    const [kept] = await t.deps.db.select().from(attachments).where(eq(attachments.id, upload.id));
    expect(kept!.attachedAt).toBeNull();
    expect(
      await t.deps.db.select().from(secureFiles).where(eq(secureFiles.organizationId, noEmail.org.id)),
    ).toEqual([]);

    const inFlow = await inboxWithContact();
    await t.deps.db
      .update(conversations)
      .set({ flowLockedUntil: new Date(Date.now() + 600_000) })
      .where(eq(conversations.id, inFlow.conversation.id));
    const blocked = await sendFile(inFlow, pdfOfSize(3_000), 'a.pdf');
    expect([blocked.res.statusCode, blocked.res.json<{ code: string }>().code]).toEqual([
      409,
      'contact-in-flow',
    ]);
  });

  it('sends one file only: never with text or other media, never someone else’s upload or another organisation’s conversation', async () => {
    const inbox = await inboxWithContact();
    const upload = await uploaded(t, inbox.headers, pdfOfSize(3_000), 'a.pdf');
    const post = (payload: object, conversationId = inbox.conversation.id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/conversations/${conversationId}/secure-files`,
        headers: inbox.headers,
        payload,
      });
    const withMedia = await post({ attachmentId: upload.id, attachmentIds: [upload.id], salutation: 'mr' });
    const withText = await post({ attachmentId: upload.id, body: 'Voici', salutation: 'mr' });
    const noSalutation = await post({ attachmentId: upload.id, salutation: 'dr' });
    expect([withMedia.statusCode, withText.statusCode, noSalutation.statusCode]).toEqual([400, 400, 400]);
    const other = await inboxWithContact();
    const theirs = await uploaded(t, other.headers, pdfOfSize(3_000), 'b.pdf');
    expect((await post({ attachmentId: theirs.id, salutation: 'mr' })).statusCode).toBe(404);
    expect(
      (await post({ attachmentId: upload.id, salutation: 'mr' }, other.conversation.id)).statusCode,
    ).toBe(404);
    // Sent once: the same upload cannot make a second secure file.
    expect((await post({ attachmentId: upload.id, salutation: 'mr' })).statusCode).toBe(201);
    expect((await post({ attachmentId: upload.id, salutation: 'mr' })).statusCode).toBe(404);
  });

  it('releases the file for its code as a download that runs nothing, and audits each download', async () => {
    const inbox = await inboxWithContact();
    const photo = await photoWithGps();
    const { res } = await sendFile(inbox, photo, 'photo.jpg');
    const message = res.json<Message>();
    const { token, code } = secretsOf(await waitForMail(t.app, inbox.contact.email!));
    const address = newAddress();
    const got = await open(t, { token, code }, address);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-disposition']).toBe('attachment; filename=photo.jpg');
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toBe("default-src 'none'; img-src 'self'; sandbox");
    expect(got.headers['cache-control']).toBe('no-store');
    expect(got.rawPayload.length).toBe(message.secureFile!.size);
    // The picture left the clinic without its GPS position (the attachments' stripping).
    expect(got.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
    expect((await open(t, { token, code }, address)).statusCode).toBe(200);
    const [after] = await t.deps.db.select().from(messages).where(eq(messages.id, message.id));
    expect(after!.secureFile!.state).toBe('downloaded');
    expect(after!.version).toBeGreaterThan(message.version);
    await deliverRecordedEvents(t.deps, inbox.org.id);
    expect(await auditActions(t, inbox.org.id)).toEqual([
      'secure-file.downloaded',
      'secure-file.downloaded',
      'secure-file.sent',
    ]);
  });

  it('locks after 5 wrong codes; every failure answers alike: wrong code, locked, unknown link, expired, purged', async () => {
    const inbox = await inboxWithContact();
    const { res } = await sendFile(inbox, pdfOfSize(5_000), 'a.pdf');
    const message = res.json<Message>();
    const { token, code } = secretsOf(await waitForMail(t.app, inbox.contact.email!));
    const answers: { status: number; body: unknown }[] = [];
    const attempt = async (body: object) => {
      const r = await open(t, body, newAddress());
      answers.push({ status: r.statusCode, body: r.json() });
    };
    for (let i = 0; i < 5; i++) await attempt({ token, code: wrong(code) });
    // Locked: the right code opens nothing any more.
    await attempt({ token, code });
    await attempt({ token: 'x'.repeat(43), code });
    expect(answers).toEqual(Array.from({ length: 7 }, () => ({ status: 404, body: UNAVAILABLE })));
    const [row] = await t.deps.db
      .select()
      .from(secureFiles)
      .where(eq(secureFiles.id, message.secureFile!.id));
    expect([row!.state, row!.wrongCodes]).toEqual(['locked', 5]);
    const [shown] = await t.deps.db.select().from(messages).where(eq(messages.id, message.id));
    expect(shown!.secureFile!.state).toBe('locked');
    await deliverRecordedEvents(t.deps, inbox.org.id);
    expect(await auditActions(t, inbox.org.id)).toEqual(['secure-file.locked', 'secure-file.sent']);
    const [locked] = await t.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, inbox.org.id), eq(auditEvents.action, 'secure-file.locked')));
    expect(locked!.details).toEqual({ conversationId: inbox.conversation.id, wrongCodes: 5 });

    // Expired, then purged: the same answer.
    const second = await inboxWithContact();
    await sendFile(second, pdfOfSize(5_000), 'b.pdf');
    const { token: secondToken, code: secondCode } = secretsOf(
      await waitForMail(t.app, second.contact.email!),
    );
    const secrets = { token: secondToken, code: secondCode };
    await t.deps.db
      .update(secureFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secureFiles.organizationId, second.org.id));
    const expired = await open(t, secrets, newAddress());
    expect([expired.statusCode, expired.json()]).toEqual([404, UNAVAILABLE]);
    await purgeExpiredSecureFiles(t.deps);
    const purged = await open(t, secrets, newAddress());
    expect([purged.statusCode, purged.json()]).toEqual([404, UNAVAILABLE]);
  });

  it('limits the codes one address tries across files (10 at once), so that the 10⁶ codes cannot be walked', async () => {
    const inbox = await inboxWithContact();
    await sendFile(inbox, pdfOfSize(3_000), 'a.pdf');
    const { token, code } = secretsOf(await waitForMail(t.app, inbox.contact.email!));
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push((await open(t, { token: 'y'.repeat(43), code }, address)).statusCode);
    const refused = await open(t, { token, code }, address);
    expect(statuses).toEqual(Array<number>(10).fill(404));
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([429, 'too-many-requests']);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await open(t, { token, code }, newAddress())).statusCode).toBe(200);
  });

  it('purges an expired file from storage and shows it expired; deleting its message deletes the file too', async () => {
    const inbox = await inboxWithContact();
    const { upload, res } = await sendFile(inbox, pdfOfSize(4_000), 'a.pdf');
    const message = res.json<Message>();
    const prefix = `org/${inbox.org.id}/`;
    expect(await storedKeys(prefix)).not.toEqual([]);
    await t.deps.db
      .update(secureFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(secureFiles.id, message.secureFile!.id));
    expect(await purgeExpiredSecureFiles(t.deps)).toBeGreaterThanOrEqual(1);
    expect(await storedKeys(prefix)).toEqual([]);
    expect(await t.deps.db.select().from(attachments).where(eq(attachments.id, upload.id))).toEqual([]);
    const [shown] = await t.deps.db.select().from(messages).where(eq(messages.id, message.id));
    expect(shown!.secureFile!.state).toBe('expired');

    const other = await inboxWithContact();
    const sent = (await sendFile(other, pdfOfSize(4_000), 'b.pdf')).res.json<Message>();
    await t.deps.db.delete(messages).where(eq(messages.id, sent.id));
    await purgeAttachments(t.deps);
    expect(await storedKeys(`org/${other.org.id}/`)).toEqual([]);
  });

  it('asks the contact for a file: /send-file takes one, with the code, and it lands in the conversation', async () => {
    const inbox = await inboxWithContact();
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${inbox.conversation.id}/secure-file-requests`,
      headers: inbox.headers,
      payload: { salutation: 'mr' },
    });
    expect(asked.statusCode).toBe(201);
    const request = asked.json<Message>();
    expect(request.secureFile).toEqual(
      expect.objectContaining({ kind: 'request', name: null, size: null, state: 'waiting' }),
    );
    const mail = await waitForMail(t.app, inbox.contact.email!);
    expect(mail.text).toContain('Dear Mr Gagnon,');
    const { page, token, code } = secretsOf(mail);
    expect(page).toBe('send-file');
    const pdf = pdfOfSize(7_000);
    const wrongCode = await sendBack(
      t,
      { token, code: wrong(code) },
      { data: pdf, name: 'carte.pdf' },
      newAddress(),
    );
    expect([wrongCode.statusCode, wrongCode.json()]).toEqual([404, UNAVAILABLE]);
    const html = await sendBack(
      t,
      { token, code },
      { data: Buffer.from('<html><script>alert(1)</script></html>'), name: 'a.html' },
      newAddress(),
    );
    expect([html.statusCode, html.json<{ code: string }>().code]).toEqual([415, 'file-unexpected']);
    const sent = await sendBack(t, { token, code }, { data: pdf, name: 'carte.pdf' }, newAddress());
    expect([sent.statusCode, sent.json()]).toEqual([201, { name: 'carte.pdf', size: 7_000 }]);
    const page1 = await t.app.inject({
      method: 'GET',
      url: `/api/conversations/${inbox.conversation.id}/messages`,
      headers: inbox.headers,
    });
    const timeline = page1.json<{ items: Message[] }>().items;
    const received = timeline.find((m) => m.direction === 'inbound' && m.secureFile);
    expect(received!.media).toEqual([
      expect.objectContaining({ name: 'carte.pdf', size: 7_000, contentType: 'application/pdf' }),
    ]);
    expect(timeline.find((m) => m.id === request.id)!.secureFile!.state).toBe('received');
    const content = await t.app.inject({
      method: 'GET',
      url: received!.media[0]!.url,
      headers: inbox.headers,
    });
    expect(content.rawPayload.equals(pdf)).toBe(true);
    // Answered: the link takes no second file.
    const again = await sendBack(t, { token, code }, { data: pdf, name: 'carte.pdf' }, newAddress());
    expect([again.statusCode, again.json()]).toEqual([404, UNAVAILABLE]);
    // A request's link opens no file at /secure.
    expect((await open(t, { token, code }, newAddress())).statusCode).toBe(404);
    await deliverRecordedEvents(t.deps, inbox.org.id);
    expect(await auditActions(t, inbox.org.id)).toEqual(['secure-file.received', 'secure-file.sent']);
  });
});

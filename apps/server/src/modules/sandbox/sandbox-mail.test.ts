import { SANDBOX_MAIL_PAGE_SIZE, type SandboxMail } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
const list = (query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/sandbox/mail', query });
const send = (to: string, subject: string) =>
  t.deps.email.send({
    from: 'Accueil <no-reply@accueil.test>',
    to,
    subject,
    html: `<p>${subject}</p>`,
    text: subject,
  });

describe('sandbox e-mail carrier and its mailbox', () => {
  it('is the e-mail carrier without SMTP_URL, and keeps each mail with both parts', async () => {
    expect(t.deps.email.name).toBe('sandbox');
    const to = `marie-${Date.now()}@clinique.test`;
    const sent = await send(to, 'Premier');
    expect(sent.carrierMessageId).toMatch(/^sandbox-[0-9a-f-]{36}$/);
    const [mail] = (await list({ to })).json<{ items: SandboxMail[] }>().items;
    expect(mail).toEqual({
      id: sent.carrierMessageId.slice('sandbox-'.length),
      from: 'Accueil <no-reply@accueil.test>',
      to,
      subject: 'Premier',
      html: '<p>Premier</p>',
      text: 'Premier',
      attachments: [],
      // A mail of the app, not of a team's mailbox (the e-mail channel): no Message-ID kept.
      messageId: null,
      createdAt: expect.any(String),
    });
  });

  it('lists one recipient’s mails (without case), newest first; without `to`, everyone’s', async () => {
    const to = `luc-${Date.now()}@clinique.test`;
    await send(to, 'Un');
    await send(to, 'Deux');
    await send(`other-${to}`, 'Autre');
    const mine = (await list({ to: to.toUpperCase() })).json<{ items: SandboxMail[] }>().items;
    expect(mine.map((m) => m.subject)).toEqual(['Deux', 'Un']);
    const all = (await list()).json<{ items: SandboxMail[] }>().items;
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.length).toBeLessThanOrEqual(SANDBOX_MAIL_PAGE_SIZE);
  });

  it('keeps a mail’s files in order, lists them without their bytes and serves each as a download', async () => {
    const to = `files-${Date.now()}@clinique.test`;
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.deps.email.send({
      from: 'Accueil <no-reply@accueil.test>',
      to,
      subject: 'Fichiers',
      html: '<img src="cid:chart-1">',
      text: 'Fichiers',
      attachments: [
        { filename: 'capture écran.png', contentType: 'image/png', content: png },
        { filename: 'chart.png', contentType: 'image/png', content: png, contentId: 'chart-1' },
      ],
    });
    const [mail] = (await list({ to })).json<{ items: SandboxMail[] }>().items;
    expect(mail!.attachments).toEqual([
      {
        id: expect.any(String),
        filename: 'capture écran.png',
        contentType: 'image/png',
        contentId: null,
        size: png.length,
      },
      {
        id: expect.any(String),
        filename: 'chart.png',
        contentType: 'image/png',
        contentId: 'chart-1',
        size: png.length,
      },
    ]);
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/mail/attachments/${mail!.attachments[0]!.id}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toBe("attachment; filename*=UTF-8''capture%20%C3%A9cran.png");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/sandbox/mail/attachments/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('needs no sign-in (it stands for the recipients’ mail programs)', async () => {
    expect((await list()).statusCode).toBe(200);
  });
});

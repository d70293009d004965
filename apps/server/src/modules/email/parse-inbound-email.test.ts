import { describe, expect, it } from 'vitest';
import { parseInboundEmail } from './parse-inbound-email';
import { sanitizeEmailHtml } from './sanitize-email-html';

/** What the inbox keeps of a mail, hostile ones included: nothing executed, nothing that breaks the store. */
const mime = (headers: string, body = 'Bonjour') => Buffer.from(`${headers}\r\n\r\n${body}\r\n`, 'latin1');

describe('parseInboundEmail', () => {
  it('keeps the thread’s headers, subject, from, to and cc, addresses in lower case', async () => {
    const mail = await parseInboundEmail(
      mime(
        'From: "Jeanne Tremblay" <Jeanne@Example.TEST>\r\nTo: Clinic <Accueil@Clinic.test>\r\nCc: a@x.test, b@x.test\r\nSubject: =?UTF-8?Q?Rendez-vous_=C3=A0_10_h?=\r\nMessage-ID: <m2@example.test>\r\nIn-Reply-To: <m1@clinic.test>\r\nReferences: <m0@example.test> <m1@clinic.test>',
      ),
    );
    expect(mail).toMatchObject({
      messageId: '<m2@example.test>',
      inReplyTo: '<m1@clinic.test>',
      references: ['<m0@example.test>', '<m1@clinic.test>'],
      threadId: '<m0@example.test>',
      subject: 'Rendez-vous à 10 h',
      from: { address: 'jeanne@example.test', name: 'Jeanne Tremblay' },
      to: [{ address: 'accueil@clinic.test', name: 'Clinic' }],
      cc: [
        { address: 'a@x.test', name: '' },
        { address: 'b@x.test', name: '' },
      ],
      automatic: false,
    });
    expect(mail.text).toBe('Bonjour');
  });

  it('gives a mail without Message-ID one made from its bytes: the same mail twice has the same id', async () => {
    const raw = mime('From: a@x.test\r\nSubject: sans identifiant');
    const [first, second] = [await parseInboundEmail(raw), await parseInboundEmail(raw)];
    expect(first.messageId).toMatch(/^<[0-9a-f]{64}@accueil\.no-message-id>$/);
    expect(second.messageId).toBe(first.messageId);
  });

  it('reads malformed MIME without throwing (no boundary, broken encoded words, NUL bytes)', async () => {
    const mail = await parseInboundEmail(
      mime(
        'From: a@x.test\r\nSubject: =?utf-8?B?broken===?= \u0000nul\r\nContent-Type: multipart/mixed\r\nContent-Transfer-Encoding: base64',
        '@@@ not base64 \u0000',
      ),
    );
    expect(mail.from?.address).toBe('a@x.test');
    expect(mail.subject).not.toContain('\u0000');
    expect(mail.text).not.toContain('\u0000');
  });

  it('decodes 8-bit headers in an unknown charset as well as it can, keeping the mail', async () => {
    const mail = await parseInboundEmail(
      Buffer.concat([
        Buffer.from('From: a@x.test\r\nSubject: =?x-unknown-charset?Q?caf=E9?= '),
        Buffer.from([0xe9, 0xe8, 0xff]),
        Buffer.from('\r\nContent-Type: text/plain; charset=x-klingon\r\n\r\nBonjour \xe9\r\n', 'latin1'),
      ]),
    );
    expect(mail.from?.address).toBe('a@x.test');
    expect(typeof mail.subject).toBe('string');
    expect(mail.text).toContain('Bonjour');
  });

  it('survives 2 MB of headers, cutting the subject and the references it keeps', async () => {
    const refs = Array.from({ length: 20_000 }, (_, i) => `<r${i}@x.test>`).join(' ');
    const mail = await parseInboundEmail(
      mime(
        `From: a@x.test\r\nSubject: ${'S'.repeat(1_000_000)}\r\nReferences: ${refs}\r\nX-Padding: ${'p'.repeat(700_000)}`,
      ),
    );
    expect(mail.subject.length).toBe(998);
    expect(mail.from?.address).toBe('a@x.test');
    expect(mail.references.length).toBeLessThanOrEqual(50);
    expect(mail.references[0]).toBe('<r0@x.test>');
    expect(mail.text).toBe('Bonjour');
  });

  it('keeps the first 100 of 500 recipients', async () => {
    const to = Array.from({ length: 500 }, (_, i) => `p${i}@x.test`).join(', ');
    const mail = await parseInboundEmail(mime(`From: a@x.test\r\nTo: ${to}`));
    expect(mail.to).toHaveLength(100);
    expect(mail.to[0]!.address).toBe('p0@x.test');
  });

  it.each([
    ['Auto-Submitted: auto-replied', true],
    ['Auto-Submitted: auto-generated', true],
    ['Auto-Submitted: no', false],
    ['List-Id: <news.example.test>', true],
    ['List-Unsubscribe: <mailto:u@x.test>', true],
    ['Precedence: bulk', true],
    ['X-Autoreply: yes', true],
    ['X-Mailer: Thunderbird', false],
  ])('RFC 3834: a mail with "%s" is automatic: %s', async (header, automatic) => {
    expect((await parseInboundEmail(mime(`From: a@x.test\r\n${header}`))).automatic).toBe(automatic);
  });

  it('reads a delivery status notification (RFC 3464): the undelivered mail’s Message-ID and the reason', async () => {
    const b = 'dsn-1';
    const mail = await parseInboundEmail(
      mime(
        `From: Mail Delivery System <MAILER-DAEMON@mx.example.test>\r\nTo: accueil@clinic.test\r\nSubject: Undelivered Mail Returned to Sender\r\nMessage-ID: <dsn-1@mx.example.test>\r\nAuto-Submitted: auto-replied\r\nContent-Type: multipart/report; report-type=delivery-status; boundary="${b}"`,
        `--${b}\r\nContent-Type: text/plain\r\n\r\nYour message could not be delivered.\r\n--${b}\r\nContent-Type: message/delivery-status\r\n\r\nReporting-MTA: dns; mx.example.test\r\n\r\nFinal-Recipient: rfc822; nobody@example.test\r\nAction: failed\r\nStatus: 5.1.1\r\nDiagnostic-Code: smtp; 550 5.1.1 <nobody@example.test>: Recipient address\r\n rejected: User unknown\r\n--${b}\r\nContent-Type: text/rfc822-headers\r\n\r\nFrom: accueil@clinic.test\r\nTo: nobody@example.test\r\nSubject: Re: Rendez-vous\r\nMessage-ID: <reply-1@clinic.test>\r\n--${b}--`,
      ),
    );
    expect(mail.bounce).toEqual({
      originalMessageIds: ['<reply-1@clinic.test>'],
      reason: '550 5.1.1 <nobody@example.test>: Recipient address rejected: User unknown',
    });
    expect(mail.automatic).toBe(true);
  });

  it.each([
    [
      'Postfix-like, from MAILER-DAEMON, the original quoted in the text',
      'From: MAILER-DAEMON@mx.example.test (Mail Delivery System)\r\nSubject: Undelivered Mail Returned to Sender',
      "I'm sorry to have to inform you that your message could not be delivered.\r\n\r\n<nobody@example.test>: host mx.example.test said: 552 5.2.2 Mailbox full\r\n\r\n--- Original message ---\r\nMessage-ID: <reply-2@clinic.test>\r\nSubject: Re: Rendez-vous",
      '552 5.2.2 Mailbox full',
    ],
    [
      'Exchange-like, an empty return path, the original by In-Reply-To',
      'Return-Path: <>\r\nFrom: Microsoft Outlook <outlook@example.test>\r\nSubject: Undeliverable: Re: Rendez-vous\r\nIn-Reply-To: <reply-2@clinic.test>',
      "Delivery has failed to these recipients or groups: nobody@example.test\r\nRemote Server returned '550 5.4.1 Recipient address rejected: Access denied'",
      "550 5.4.1 Recipient address rejected: Access denied'",
    ],
  ])('reads a non-standard bounce (%s)', async (_what, headers, body, reason) => {
    const mail = await parseInboundEmail(mime(`${headers}\r\nMessage-ID: <b2@mx.example.test>`, body));
    expect(mail.bounce).toEqual({ originalMessageIds: ['<reply-2@clinic.test>'], reason });
  });

  it('takes no person’s mail for a bounce, even one that speaks of delivery', async () => {
    const mail = await parseInboundEmail(
      mime(
        'From: Jeanne <jeanne@example.test>\r\nSubject: Delivery failed?\r\nIn-Reply-To: <reply-3@clinic.test>',
        'Message-ID: <x@y.test> 550 5.1.1',
      ),
    );
    expect(mail.bounce).toBeNull();
  });

  it('keeps the files with their Content-ID (cid: images)', async () => {
    const boundary = 'b1';
    const raw = mime(
      `From: a@x.test\r\nContent-Type: multipart/related; boundary="${boundary}"`,
      `--${boundary}\r\nContent-Type: text/html\r\n\r\n<p>Voir <img src="cid:logo@x"></p>\r\n--${boundary}\r\nContent-Type: image/png\r\nContent-ID: <logo@x>\r\nContent-Disposition: inline; filename="logo.png"\r\nContent-Transfer-Encoding: base64\r\n\r\niVBORw0KGgo=\r\n--${boundary}--`,
    );
    const mail = await parseInboundEmail(raw);
    expect(mail.html).toContain('src="cid:logo@x"');
    expect(mail.attachments).toMatchObject([
      { filename: 'logo.png', contentType: 'image/png', contentId: '<logo@x>' },
    ]);
    expect(mail.text).toBe('Voir');
  });
});

describe('sanitizeEmailHtml', () => {
  it('drops scripts, forms, frames, event handlers and javascript: links', async () => {
    const { html } = await sanitizeEmailHtml(
      '<p onclick="steal()">Bonjour</p><script>alert(1)</script><form action="https://evil.test"><input name="pw"><button>Go</button></form><iframe src="https://evil.test"></iframe><a href="javascript:alert(1)">lien</a><a href="https://ok.test">ok</a><svg onload="x()"></svg><object data="x"></object>',
    );
    expect(html).not.toMatch(/script|onclick|onload|<form|<input|<button|iframe|javascript:|<object|<svg/i);
    expect(html).toContain('<p>Bonjour</p>');
    expect(html).toContain(
      '<a href="https://ok.test" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
  });

  it('keeps styles that format, drops those that leave the box (position, negative margins, url())', async () => {
    const { html } = await sanitizeEmailHtml(
      '<div style="position:fixed;top:0;left:0;z-index:9999;color:red;margin-top:-500px;background-image:url(https://t.test/p.gif);font-weight:bold">x</div><style>body{display:none}</style>',
    );
    expect(html).toContain('color:red');
    expect(html).toContain('font-weight:bold');
    expect(html).not.toMatch(/position|z-index|-500px|url\(|<style|display:none/);
  });

  it('blocks remote images until asked (their address moves to data-remote-src), keeps cid: and data: images', async () => {
    const result = await sanitizeEmailHtml(
      '<img src="https://tracker.test/pixel.gif"><img src="cid:logo@x"><img src="data:image/png;base64,AAAA"><img src="x" data-remote-src="javascript:alert(1)">',
    );
    expect(result.remoteImages).toBe(true);
    expect(result.html).toContain('<img data-remote-src="https://tracker.test/pixel.gif" />');
    expect(result.html).toContain('<img src="cid:logo@x" />');
    expect(result.html).toContain('src="data:image/png;base64,AAAA"');
    expect(result.html).not.toContain('javascript:');
    expect((await sanitizeEmailHtml('<p>rien</p>')).remoteImages).toBe(false);
  });
});

import { SUPPORTED_LOCALES } from '@accueil/domain';
import { describe, expect, it } from 'vitest';
import type { MailContent } from './mail-content';
import { renderMail } from './render-mail';

const LINK = 'https://accueil.example/password-reset?token=abc_DEF-123';
// The mails sent to a person, each with one link (the support request goes to the support
// address; the weekly statistics report: weekly-report.test.ts in the statistics module; the
// secure file's mail to a contact is below).
const MAILS: Exclude<MailContent, { kind: 'support-request' | 'weekly-statistics' | 'secure-file' }>[] = [
  { kind: 'password-reset', firstName: 'Marie', username: 'mtremblay', link: LINK, validForMinutes: 60 },
  {
    kind: 'account-invitation',
    firstName: 'Marie',
    username: 'mtremblay',
    inviter: 'Luc Gagnon',
    organization: 'Clinique du Parc',
    link: LINK,
    validForDays: 7,
  },
  {
    kind: 'sign-in-failures',
    firstName: 'Marie',
    username: 'mtremblay',
    failures: 5,
    lastAttempt: '23 novembre 2026 à 16 h 40',
    sourceAddress: '203.0.113.9',
    forgotLink: 'https://accueil.example/password-forgot',
  },
];

describe('renderMail', () => {
  for (const locale of SUPPORTED_LOCALES) {
    for (const content of MAILS) {
      it(`${content.kind} in ${locale}: HTML and text parts in that language, with the link in both`, async () => {
        const mail = await renderMail(content, locale);
        const link = content.kind === 'sign-in-failures' ? content.forgotLink : content.link;
        expect(mail.subject.length).toBeGreaterThan(10);
        expect(mail.html).toContain(`lang="${locale}"`);
        expect(mail.html).toContain(`href="${link}"`);
        expect(mail.text).toContain(link);
        expect(mail.text).toContain(locale.startsWith('en') ? 'Hello Marie' : 'Bonjour Marie');
        // No markup in the text part.
        expect(mail.text).not.toMatch(/<\/?[a-z]+[\s>]/i);
      });
    }
  }

  it('says how long a reset link works, and the invitation says who invites and the username', async () => {
    const reset = await renderMail(MAILS[0]!, 'fr-CA');
    expect(reset.text).toContain('60 minutes');
    expect(reset.subject).toBe('Réinitialisation de votre mot de passe Accueil');
    const invitation = await renderMail(MAILS[1]!, 'en-CA');
    expect(invitation.subject).toBe('Your Accueil account for Clinique du Parc');
    expect(invitation.text).toContain('Luc Gagnon created an Accueil account for you at Clinique du Parc.');
    expect(invitation.text).toContain('mtremblay');
    expect(invitation.text).toContain('7 days');
  });

  it('greets a contact by salutation and gives a secure file’s link, its code and its expiry', async () => {
    const content = (kind: 'file' | 'request', salutation: 'mr' | 'ms' | 'miss'): MailContent => ({
      kind: 'secure-file',
      secureFile: {
        kind,
        salutation,
        lastName: 'Gagnon',
        organization: 'Clinique du Parc',
        fileName: kind === 'file' ? 'résultats.pdf' : null,
        link: `https://accueil.example/secure?token=${'a'.repeat(43)}`,
        code: '042917',
        expiresAt: '6 décembre 2026 à 10 h 00',
      },
    });
    const fr = await renderMail(content('file', 'miss'), 'fr-CA');
    expect(fr.subject).toBe('Clinique du Parc vous envoie un fichier sécurisé');
    expect(fr.text).toContain('Bonjour Mademoiselle Gagnon,');
    expect(fr.text).toContain('« résultats.pdf »');
    expect(fr.text).toContain('042917');
    expect(fr.text).toContain('6 décembre 2026 à 10 h 00');
    expect(fr.html).toContain(`href="https://accueil.example/secure?token=${'a'.repeat(43)}"`);
    const en = await renderMail(content('request', 'mr'), 'en-CA');
    expect(en.subject).toBe('Clinique du Parc asks you for a file');
    expect(en.text).toContain('Dear Mr Gagnon,');
    expect((await renderMail(content('file', 'ms'), 'fr-FR')).text).toContain('Ne transférez pas cet e-mail');
  });

  it('writes courriel in Canadian French and e-mail in French of France', async () => {
    expect((await renderMail(MAILS[0]!, 'fr-CA')).text).toContain('ignorez ce courriel');
    expect((await renderMail(MAILS[0]!, 'fr-FR')).text).toContain('ignorez cet e-mail');
  });

  it('escapes what people typed (names, organisation) in the HTML part', async () => {
    const mail = await renderMail(
      {
        ...(MAILS[1] as Extract<MailContent, { kind: 'account-invitation' }>),
        firstName: '<img src=x onerror=alert(1)>',
        organization: 'A & <b>B</b>',
      },
      'fr-CA',
    );
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<b>B</b>');
  });
});

describe('renderMail: support request', () => {
  const request: MailContent = {
    kind: 'support-request',
    name: 'Marie Tremblay',
    email: 'marie@clinique.test',
    username: 'mtremblay',
    userId: 'u-1',
    organization: 'Clinique du Parc',
    organizationId: 'o-1',
    url: 'https://accueil.example/conversations?sid=3',
    userLocale: 'fr-CA',
    description: 'Le bouton ne répond plus.\n<script>alert(1)</script>',
    screenshotAttached: true,
  };

  it('names the person, organisation and page, keeps the lines of the description and escapes its markup', async () => {
    const mail = await renderMail(request, 'fr-CA');
    expect(mail.subject).toBe('Demande de soutien : Clinique du Parc — Marie Tremblay');
    expect(mail.text).toContain('Marie Tremblay <marie@clinique.test>');
    expect(mail.text).toContain('https://accueil.example/conversations?sid=3');
    expect(mail.text).toContain("Capture d'écran : en pièce jointe.");
    expect(mail.text).toContain('Répondez à ce message pour écrire directement à Marie Tremblay.');
    expect(mail.html).toContain('Le bouton ne répond plus.<br/>&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
  });
});

import type { Locale } from '@accueil/domain';
import { plainTextSelectors, render, toPlainText } from '@react-email/render';
import type { ReactElement } from 'react';
import { mailTexts } from './mail-texts';
import type { MailContent } from './mail-content';
import { AccountInvitationMail } from './templates/account-invitation-mail';
import { HTML_ONLY_CLASS } from './templates/mail-layout';
import { PasswordResetMail } from './templates/password-reset-mail';
import { SecureFileMail } from './templates/secure-file-mail';
import { SignInFailuresMail } from './templates/sign-in-failures-mail';
import { SupportRequestMail } from './templates/support-request-mail';
import { WeeklyStatisticsMail } from './templates/weekly-statistics-mail';

/** A mail ready for a carrier: its subject and both parts. */
export type RenderedMail = { subject: string; html: string; text: string };

/**
 * Renders a mail in `locale` with react-email: the HTML part (inline styles, table layout that
 * mail programs read) and the text part derived from it (links spelled out after their label;
 * the HTML's "if the button does not work" paragraph left out).
 */
export async function renderMail(content: MailContent, locale: Locale): Promise<RenderedMail> {
  const texts = mailTexts(locale);
  const common = { lang: locale, texts };
  let subject: string;
  let element: ReactElement;
  switch (content.kind) {
    case 'password-reset':
      subject = texts.passwordReset.subject;
      element = <PasswordResetMail {...common} {...content} />;
      break;
    case 'account-invitation':
      subject = texts.invitation.subject(content.organization);
      element = <AccountInvitationMail {...common} {...content} />;
      break;
    case 'sign-in-failures':
      subject = texts.signInFailures.subject;
      element = <SignInFailuresMail {...common} {...content} />;
      break;
    case 'support-request':
      subject = texts.supportRequest.subject(content.organization, content.name);
      element = <SupportRequestMail {...common} {...content} />;
      break;
    case 'weekly-statistics':
      subject = texts.weeklyStatistics.subject(content.organization, content.period);
      element = <WeeklyStatisticsMail {...common} {...content} />;
      break;
    case 'secure-file':
      subject = texts.secureFile.subject(content.secureFile.kind, content.secureFile.organization);
      element = <SecureFileMail {...common} {...content.secureFile} />;
      break;
  }
  const html = await render(element);
  const text = toPlainText(html, {
    selectors: [...plainTextSelectors, { selector: `.${HTML_ONLY_CLASS}`, format: 'skip' }],
  });
  return { subject, html, text };
}

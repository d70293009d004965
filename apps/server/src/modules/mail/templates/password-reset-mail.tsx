import type { MailTexts } from '../mail-texts';
import { ActionButton, MailLayout, Paragraph } from './mail-layout';

/** What the password reset mail says: whom it greets, which account, the link and how long it works. */
export type PasswordResetMailProps = {
  firstName: string;
  username: string;
  link: string;
  validForMinutes: number;
};

/** The "password forgotten" mail: a link to choose a new password. */
export function PasswordResetMail({
  lang,
  texts,
  firstName,
  username,
  link,
  validForMinutes,
}: PasswordResetMailProps & { lang: string; texts: MailTexts }) {
  const t = texts.passwordReset;
  return (
    <MailLayout lang={lang} preview={t.preview} texts={texts}>
      <Paragraph>{texts.greeting(firstName)}</Paragraph>
      <Paragraph>{t.intro(username)}</Paragraph>
      <ActionButton href={link} label={t.action} texts={texts} />
      <Paragraph>{t.validity(validForMinutes)}</Paragraph>
      <Paragraph>{t.notYou}</Paragraph>
    </MailLayout>
  );
}

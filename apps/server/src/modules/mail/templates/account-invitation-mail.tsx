import type { MailTexts } from '../mail-texts';
import { ActionButton, MailLayout, Paragraph } from './mail-layout';

/** What the invitation says: who invites whom to which organisation, the username, the link and how long it works. */
export type AccountInvitationMailProps = {
  firstName: string;
  username: string;
  inviter: string;
  organization: string;
  link: string;
  validForDays: number;
};

/** The invitation to a new account: its username and a link to choose the first password. */
export function AccountInvitationMail(
  props: AccountInvitationMailProps & { lang: string; texts: MailTexts },
) {
  const { lang, texts, firstName, username, inviter, organization, link, validForDays } = props;
  const t = texts.invitation;
  return (
    <MailLayout lang={lang} preview={t.preview(inviter)} texts={texts}>
      <Paragraph>{texts.greeting(firstName)}</Paragraph>
      <Paragraph>{t.intro(inviter, organization)}</Paragraph>
      <Paragraph>
        {t.username} <strong>{username}</strong>
      </Paragraph>
      <ActionButton href={link} label={t.action} texts={texts} />
      <Paragraph>{t.validity(validForDays, inviter)}</Paragraph>
    </MailLayout>
  );
}

import { Fragment } from 'react';
import type { MailTexts } from '../mail-texts';
import { MailLayout, Paragraph } from './mail-layout';

/**
 * What a support request mail says: who sent it (from the session, not the form), from which
 * organisation and page, in which language, their description (line breaks kept) and whether a
 * screenshot is attached.
 */
export type SupportRequestMailProps = {
  name: string;
  email: string;
  username: string;
  userId: string;
  organization: string;
  organizationId: string;
  url: string | null;
  userLocale: string;
  description: string;
  screenshotAttached: boolean;
};

/** The support request, as the support address receives it (answered to the person: Reply-To). */
export function SupportRequestMail(props: SupportRequestMailProps & { lang: string; texts: MailTexts }) {
  const { lang, texts, name, email, username, userId, organization, organizationId, url } = props;
  const t = texts.supportRequest;
  return (
    <MailLayout lang={lang} preview={t.preview(name)} texts={texts} footer={t.footer(name)}>
      <Paragraph>{t.intro(name, organization)}</Paragraph>
      <Paragraph>
        {t.person} : {name} &lt;{email}&gt;
        <br />
        {t.user} : {username} ({userId})
        <br />
        {t.organization} : {organization} ({organizationId})
        <br />
        {t.page} : {url ?? '—'}
        <br />
        {t.language} : {props.userLocale}
      </Paragraph>
      <Paragraph>
        <strong>{t.description}</strong>
      </Paragraph>
      <Paragraph>
        {props.description.split('\n').map((line, i) => (
          <Fragment key={i}>
            {i > 0 && <br />}
            {line}
          </Fragment>
        ))}
      </Paragraph>
      <Paragraph dimmed>{t.screenshot(props.screenshotAttached)}</Paragraph>
    </MailLayout>
  );
}

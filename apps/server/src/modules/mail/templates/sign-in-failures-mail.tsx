import type { MailTexts } from '../mail-texts';
import { ActionButton, MailLayout, Paragraph } from './mail-layout';

/**
 * What the notice of failed sign-ins says: how many, the last one's date (already formatted in
 * the recipient's language and the organisation's time zone), from where when known, and the
 * link to the "password forgotten" page.
 */
export type SignInFailuresMailProps = {
  firstName: string;
  username: string;
  failures: number;
  lastAttempt: string;
  sourceAddress: string | null;
  forgotLink: string;
};

/** The notice sent after repeated failed sign-ins on an account. */
export function SignInFailuresMail(props: SignInFailuresMailProps & { lang: string; texts: MailTexts }) {
  const { lang, texts, firstName, username, failures, lastAttempt, sourceAddress, forgotLink } = props;
  const t = texts.signInFailures;
  return (
    <MailLayout lang={lang} preview={t.preview} texts={texts}>
      <Paragraph>{texts.greeting(firstName)}</Paragraph>
      <Paragraph>{t.intro(failures, username)}</Paragraph>
      <Paragraph>
        {t.last(lastAttempt)}
        {sourceAddress && (
          <>
            <br />
            {t.from(sourceAddress)}
          </>
        )}
      </Paragraph>
      <Paragraph>{t.ifYou}</Paragraph>
      <ActionButton href={forgotLink} label={t.action} texts={texts} />
      <Paragraph>{t.ifNotYou}</Paragraph>
    </MailLayout>
  );
}

import type { SecureFileKind, SecureFileSalutation } from '@accueil/domain';
import type { MailTexts } from '../mail-texts';
import { ActionButton, MailLayout, Paragraph } from './mail-layout';

/**
 * What a secure file's mail says (docs/behaviour/secure-files.md): whom it greets (salutation
 * and last name), which organisation sends it, whether a file waits (`file`, with its name) or
 * one is asked for (`request`), the link, the 6-digit code, and until when both work (already
 * formatted in the recipient's language).
 */
export type SecureFileMailProps = {
  kind: SecureFileKind;
  salutation: SecureFileSalutation;
  lastName: string;
  organization: string;
  fileName: string | null;
  link: string;
  code: string;
  expiresAt: string;
};

/** The mail that carries a secure file's link and code to a contact. */
export function SecureFileMail(props: SecureFileMailProps & { lang: string; texts: MailTexts }) {
  const { lang, texts, kind, salutation, lastName, organization, fileName, link, code, expiresAt } = props;
  const t = texts.secureFile;
  return (
    <MailLayout lang={lang} preview={t.preview(kind, organization)} texts={texts}>
      <Paragraph>{t.greeting(salutation, lastName)}</Paragraph>
      <Paragraph>
        {kind === 'file' ? t.introFile(organization, fileName ?? '') : t.introRequest(organization)}
      </Paragraph>
      <ActionButton href={link} label={kind === 'file' ? t.actionFile : t.actionRequest} texts={texts} />
      <Paragraph>
        {t.code}
        <br />
        <strong style={{ fontSize: '24px', letterSpacing: '4px' }}>{code}</strong>
      </Paragraph>
      <Paragraph>{t.validity(expiresAt)}</Paragraph>
      <Paragraph dimmed>{t.keep}</Paragraph>
    </MailLayout>
  );
}

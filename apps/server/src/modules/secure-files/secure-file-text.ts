import type { Locale, SecureFileKind } from '@accueil/domain';

/**
 * The text that goes with a secure file's mail (docs/behaviour/secure-files.md, "The text"):
 * the organisation's name and the link only. The code stays in the mail, so that whoever reads
 * one of the two channels (a phone left unlocked at the front desk, a shared mailbox) cannot
 * open the file with it alone. `{name}` and `{link}` are filled by `secureFileText`.
 */
const SECURE_FILE_TEXTS: Record<Locale, Record<SecureFileKind, string>> = {
  'fr-CA': {
    file: '{name} vous a envoyé un fichier sécurisé : {link} Le code à 6 chiffres qui l’ouvre est dans le courriel que nous vous avons envoyé.',
    request:
      '{name} vous demande de lui envoyer un fichier de façon sécurisée : {link} Le code à 6 chiffres est dans le courriel que nous vous avons envoyé.',
  },
  'fr-FR': {
    file: '{name} vous a envoyé un fichier sécurisé : {link} Le code à 6 chiffres qui l’ouvre est dans l’e-mail que nous vous avons envoyé.',
    request:
      '{name} vous demande de lui envoyer un fichier de façon sécurisée : {link} Le code à 6 chiffres est dans l’e-mail que nous vous avons envoyé.',
  },
  'en-CA': {
    file: '{name} sent you a secure file: {link} The 6-digit code that opens it is in the e-mail we sent you.',
    request:
      '{name} asks you to send them a file securely: {link} The 6-digit code is in the e-mail we sent you.',
  },
};

/**
 * The text telling a contact of a secure file (`kind` `file`: to open at `/secure`; `request`:
 * to send one at `/send-file`), in `locale`, from `organizationName`, with `link`. Never the code.
 */
export function secureFileText(
  locale: Locale,
  kind: SecureFileKind,
  organizationName: string,
  link: string,
): string {
  return SECURE_FILE_TEXTS[locale][kind].replace('{name}', organizationName).replace('{link}', link);
}

/**
 * Languages staff and professionals may speak (BCP 47 codes), offered by the users' "languages
 * spoken" and the professionals' languages: the languages most spoken by patients in Canada
 * and France. Their names come from the browser's Intl in the interface's language.
 */
export const SPOKEN_LANGUAGES = [
  'fr',
  'en',
  'es',
  'ar',
  'zh',
  'pt',
  'it',
  'de',
  'vi',
  'ht',
  'ru',
  'pl',
  'fa',
  'tl',
  'pa',
] as const;

/** The name of language `code` in `locale` (the code itself where the browser has none). */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

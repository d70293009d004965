/** Languages a professional may speak, as codes; their names come from the browser's Intl in the interface's language. */
export const PROFESSIONAL_LANGUAGES = [
  'fr',
  'en',
  'es',
  'ar',
  'zh',
  'pt',
  'it',
  'de',
  'vi',
  'pa',
  'tl',
  'ru',
] as const;

/** The name of language `code` in `locale` (the code itself where the browser has none). */
export function languageName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

import type { AppLocale } from './i18n';

const DAYJS_LOCALES: Record<AppLocale, string> = { 'fr-CA': 'fr-ca', 'en-CA': 'en-ca', 'fr-FR': 'fr' };
const LOCALE_DATA: Record<AppLocale, () => Promise<unknown>> = {
  'fr-CA': () => import('dayjs/locale/fr-ca'),
  'en-CA': () => import('dayjs/locale/en-ca'),
  'fr-FR': () => import('dayjs/locale/fr'),
};

let latest: AppLocale | null = null;

/**
 * Makes `locale` dayjs' global locale (month and day names of Mantine's date pickers and the
 * agenda). dayjs and its locale data are fetched here, apart from the first load: only the
 * screens with dates use it, and they open after this has long resolved. When the locale changes
 * again before the fetch ends, only the last one is applied. Never rejects (a failed fetch
 * leaves dayjs' English names).
 */
export async function applyDayjsLocale(locale: AppLocale): Promise<void> {
  latest = locale;
  try {
    const [{ default: dayjs }] = await Promise.all([import('dayjs'), LOCALE_DATA[locale]()]);
    if (latest === locale) dayjs.locale(DAYJS_LOCALES[locale]);
  } catch {
    // Offline or a new deployment removed the chunk: the pickers keep English names until reload.
  }
}

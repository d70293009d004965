import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { useLocation } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/fr';
import 'dayjs/locale/fr-ca';
import 'dayjs/locale/en-ca';
import {
  getCatalogueVersion,
  readRememberedLocale,
  rememberLocale,
  resolveLocale,
  setCurrentLocale,
  subscribeCatalogues,
  type AppLocale,
} from '../lib/i18n';
import { useSession } from '../lib/session';
import { LocalizedMantineLabels } from './localized-mantine-labels';

const DAYJS_LOCALES: Record<AppLocale, string> = { 'fr-CA': 'fr-ca', 'en-CA': 'en-ca', 'fr-FR': 'fr' };

/**
 * Chooses the interface language: the signed-in user's stored locale; else the page's
 * `?lang=` parameter (login, phone simulator, public pages); else the locale last spoken for
 * a signed-in user in this browser; else the browser's languages; fr-CA by default. Also sets `<html lang>`, dayjs' locale and Mantine's built-in labels.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const { context } = useSession();
  const { search } = useLocation();
  const langParam = new URLSearchParams(search).get('lang');
  const locale = resolveLocale({
    userLocale: context?.user.locale,
    langParam,
    rememberedLocale: readRememberedLocale(),
    browserLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
  });
  // A new intl object when the other screens' texts arrive (loadAllCatalogues).
  const catalogueVersion = useSyncExternalStore(subscribeCatalogues, getCatalogueVersion);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- catalogueVersion is the signal to rebuild.
  const intl = useMemo(() => setCurrentLocale(locale), [locale, catalogueVersion]);
  const signedIn = context !== null;
  useEffect(() => {
    if (signedIn) rememberLocale(locale);
  }, [signedIn, locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    dayjs.locale(DAYJS_LOCALES[locale]);
  }, [locale]);
  return (
    <RawIntlProvider value={intl}>
      <LocalizedMantineLabels>{children}</LocalizedMantineLabels>
    </RawIntlProvider>
  );
}

import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { RawIntlProvider } from 'react-intl';
import { useLocation } from 'react-router';
import {
  getCatalogueVersion,
  hasCoreCatalogue,
  loadCoreCatalogue,
  readRememberedLocale,
  rememberLocale,
  resolveLocale,
  setCurrentLocale,
  subscribeCatalogues,
  type AppLocale,
} from '../lib/i18n';
import { applyDayjsLocale } from '../lib/dayjs-locale';
import { useSession } from '../lib/session';
import { LocalizedMantineLabels } from './localized-mantine-labels';

/**
 * Chooses the interface language: the signed-in user's stored locale; else the page's
 * `?lang=` parameter (login, phone simulator, public pages); else the locale last spoken for
 * a signed-in user in this browser; else the browser's languages; fr-CA by default. Also sets `<html lang>`, dayjs' locale and Mantine's built-in labels.
 * Draws nothing until that locale's core texts are in (fr-CA's come with the first load).
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
  // A new intl object when more texts arrive (loadCoreCatalogue, loadAllCatalogues).
  const catalogueVersion = useSyncExternalStore(subscribeCatalogues, getCatalogueVersion);
  // Another locale than fr-CA: its core texts are fetched first, and nothing is drawn meanwhile
  // rather than a flash of French. Should the fetch fail, the page speaks fr-CA (the fallback).
  const [fetchFailed, setFetchFailed] = useState<AppLocale | null>(null);
  const ready = hasCoreCatalogue(locale) || fetchFailed === locale;
  useEffect(() => {
    if (!ready) loadCoreCatalogue(locale).catch(() => setFetchFailed(locale));
  }, [ready, locale]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- catalogueVersion is the signal to rebuild.
  const intl = useMemo(() => setCurrentLocale(locale), [locale, catalogueVersion]);
  const signedIn = context !== null;
  useEffect(() => {
    if (signedIn) rememberLocale(locale);
  }, [signedIn, locale]);
  useEffect(() => {
    document.documentElement.lang = locale;
    void applyDayjsLocale(locale);
  }, [locale]);
  if (!ready) return null;
  return (
    <RawIntlProvider value={intl}>
      <LocalizedMantineLabels>{children}</LocalizedMantineLabels>
    </RawIntlProvider>
  );
}

import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from '@accueil/domain';
import { createIntl, createIntlCache, ReactIntlErrorCode, type IntlShape } from 'react-intl';

/** A locale the interface has a catalogue for: fr-CA (default), en-CA, fr-FR. */
export type AppLocale = (typeof SUPPORTED_LOCALES)[number];
/**
 * Each locale's name in its own language, for the language choice: a person looking for
 * their language recognises it whatever language the interface speaks now.
 */
export const LOCALE_NAMES: Record<AppLocale, string> = {
  'fr-CA': 'Français',
  'en-CA': 'English',
  'fr-FR': 'Français (France)',
};

/**
 * One locale's messages: id (prefixed by its namespace) → ICU message. In production builds each
 * message is its syntax tree instead, parsed at build time (`build/precompiled-messages.ts`);
 * react-intl takes either, and nothing else reads the texts themselves.
 */
export type Catalogue = Record<string, string>;

/**
 * Every `src/locales/<locale>/<namespace>.json`, merged per locale. Files may be flat
 * (`{ "shell.menu.faq": "FAQ" }`) or nested; nested keys are joined with dots.
 */
export function buildCatalogues(modules: Record<string, unknown>): Record<AppLocale, Catalogue> {
  const out = Object.fromEntries(SUPPORTED_LOCALES.map((l): [AppLocale, Catalogue] => [l, {}])) as Record<
    AppLocale,
    Catalogue
  >;
  for (const [file, content] of Object.entries(modules)) {
    const match = /locales\/([^/]+)\/[^/]+\.json$/.exec(file);
    const locale = match?.[1] as AppLocale | undefined;
    if (!locale || !(locale in out)) continue;
    flatten(content, '', out[locale]);
  }
  return out;
}

function flatten(value: unknown, prefix: string, into: Catalogue): void {
  if (typeof value === 'string' || Array.isArray(value)) {
    // An array is a message parsed at build time: a leaf too.
    into[prefix] = value as string;
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
}

// The namespaces the login page and the inbox speak (common, errors, login, shell) come with the
// first load in fr-CA only: the default language, and every locale's fallback. Another locale's
// are fetched before the first screen in that locale draws (`loadCoreCatalogue`, awaited by the
// LocaleProvider). Every other screen's namespaces, in every locale, are fetched once, in the
// background, before any of those screens renders (`loadAllCatalogues`), so neither weighs on
// the login page's budget.
const defaultCoreModules = import.meta.glob<unknown>('../locales/fr-CA/{common,errors,login,shell}.json', {
  eager: true,
  import: 'default',
});
const otherCoreModules = import.meta.glob<unknown>(
  ['../locales/*/{common,errors,login,shell}.json', '!../locales/fr-CA/*.json'],
  { import: 'default' },
);
const screenModules = import.meta.glob<unknown>(
  ['../locales/*/*.json', '!../locales/*/{common,errors,login,shell}.json'],
  {
    import: 'default',
  },
);
/**
 * The merged catalogues of the three locales: fr-CA's core namespaces at once, another locale's
 * after {@link loadCoreCatalogue}, the other screens' after {@link loadAllCatalogues} (merged
 * into these same objects).
 */
export const catalogues = buildCatalogues(defaultCoreModules);

const cache = createIntlCache();
const intls = new Map<AppLocale, IntlShape>();
let allLoaded: Promise<void> | null = null;
let catalogueVersion = 0;
const catalogueListeners = new Set<() => void>();
const coreLoaded = new Set<AppLocale>([DEFAULT_LOCALE]);
const coreLoading = new Map<AppLocale, Promise<void>>();

/**
 * Loads `modules` (path → loader), merges their texts into {@link catalogues}, runs `merged`, then
 * tells the listeners (a listener may render at once: what `merged` records must be true by then).
 */
async function mergeModules(
  modules: [string, () => Promise<unknown>][],
  locales: readonly AppLocale[],
  merged?: () => void,
): Promise<void> {
  const entries = await Promise.all(modules.map(async ([file, load]) => [file, await load()] as const));
  const more = buildCatalogues(Object.fromEntries(entries));
  for (const locale of locales) Object.assign(catalogues[locale], more[locale]);
  merged?.();
  // Every locale falls back on fr-CA's texts: any merge can change any intl object.
  intls.clear();
  catalogueVersion += 1;
  catalogueListeners.forEach((listener) => listener());
}

/** Whether `locale`'s core namespaces (common, errors, login, shell) are in. */
export function hasCoreCatalogue(locale: AppLocale): boolean {
  return coreLoaded.has(locale);
}

/**
 * Fetches `locale`'s core namespaces once and merges them into {@link catalogues}; resolves at
 * once for fr-CA. The same promise is answered until it settles; a failed fetch is tried again
 * at the next call.
 */
export function loadCoreCatalogue(locale: AppLocale): Promise<void> {
  if (locale === DEFAULT_LOCALE) return Promise.resolve();
  let loading = coreLoading.get(locale);
  if (!loading) {
    const mine = Object.entries(otherCoreModules).filter(([file]) => file.includes(`/locales/${locale}/`));
    loading = mergeModules(mine, [locale], () => coreLoaded.add(locale)).catch((error: unknown) => {
      coreLoading.delete(locale);
      throw error;
    });
    coreLoading.set(locale, loading);
  }
  return loading;
}

/**
 * Fetches every locale's core namespaces and every screen's namespace (once) and merges them
 * into {@link catalogues}; the LocaleProvider then hands React a fresh intl object. Resolves
 * when the texts are in.
 */
export function loadAllCatalogues(): Promise<void> {
  allLoaded ??= Promise.all([
    ...SUPPORTED_LOCALES.map((locale) => loadCoreCatalogue(locale)),
    mergeModules(Object.entries(screenModules), SUPPORTED_LOCALES),
  ]).then(() => undefined);
  return allLoaded;
}

/** `load()`'s module once every catalogue is in too: for screens loaded on demand. */
export function withCatalogues<T>(load: Promise<T>): Promise<T> {
  return Promise.all([load, loadAllCatalogues()]).then(([module]) => module);
}

/** Subscribes to the catalogues' growth (for `useSyncExternalStore`); returns the unsubscribe. */
export function subscribeCatalogues(listener: () => void): () => void {
  catalogueListeners.add(listener);
  return () => catalogueListeners.delete(listener);
}

/** How many times the catalogues grew: changes when {@link loadAllCatalogues} merged its namespaces. */
export function getCatalogueVersion(): number {
  return catalogueVersion;
}

/**
 * Maps a language tag to a catalogue: English variants → en-CA, fr-FR keeps its own,
 * other French variants → fr-CA. Null for any other language.
 */
export function normalizeLocale(tag: string | null | undefined): AppLocale | null {
  if (!tag) return null;
  const t = tag.trim().replace('_', '-').toLowerCase();
  if (t === 'en' || t.startsWith('en-')) return 'en-CA';
  if (t === 'fr-fr') return 'fr-FR';
  if (t === 'fr' || t.startsWith('fr-')) return 'fr-CA';
  return null;
}

/**
 * Which locale the interface speaks: the signed-in user's stored locale; else the page's
 * `?lang=` parameter; else the locale this browser last spoke for a signed-in user (so the
 * login page after a sign-out or an expiry stays in their language); else the browser's first
 * French or English language; else fr-CA.
 */
export function resolveLocale(input: {
  userLocale?: string | null;
  langParam?: string | null;
  rememberedLocale?: string | null;
  browserLanguages?: readonly string[];
}): AppLocale {
  for (const tag of [input.userLocale, input.langParam, input.rememberedLocale]) {
    const l = normalizeLocale(tag);
    if (l) return l;
  }
  for (const lang of input.browserLanguages ?? []) {
    const l = normalizeLocale(lang);
    if (l) return l;
  }
  return DEFAULT_LOCALE;
}

const REMEMBERED_LOCALE_KEY = 'accueil.locale';

/** The locale last spoken for a signed-in user in this browser (localStorage), or null. */
export function readRememberedLocale(): string | null {
  try {
    return globalThis.localStorage?.getItem(REMEMBERED_LOCALE_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Remembers the signed-in user's locale for the next login page. */
export function rememberLocale(locale: AppLocale): void {
  try {
    globalThis.localStorage?.setItem(REMEMBERED_LOCALE_KEY, locale);
  } catch {
    // Storage can be disabled (private mode): the login page then follows the browser.
  }
}

let current: AppLocale = DEFAULT_LOCALE;

/** The intl object of a locale (memoised). Missing ids fall back to the fr-CA text. */
export function intlFor(locale: AppLocale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale,
        defaultLocale: DEFAULT_LOCALE,
        messages: { ...catalogues[DEFAULT_LOCALE], ...catalogues[locale] },
        onError: (err) => {
          if (err.code !== ReactIntlErrorCode.MISSING_TRANSLATION) console.error(err);
        },
      },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

/** The interface's current intl object, for code outside React (toasts, title). */
export function getIntl(): IntlShape {
  return intlFor(current);
}

/** Switches the current locale (the LocaleProvider calls it). */
export function setCurrentLocale(locale: AppLocale): IntlShape {
  current = locale;
  return intlFor(locale);
}

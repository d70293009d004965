/**
 * The web project's set-up file (`vitest.config.ts`, project `web`), run before every test file.
 *
 * The web project does not isolate its files (`isolate: false`): a worker keeps its happy-dom
 * window and the packages it loaded (React, Mantine, Testing Library) from one file to the next
 * instead of loading them again for each (docs/architecture.md, "CI and its time budgets"). So
 * this file gives each test file what a fresh worker would:
 *
 * - the app's own modules evaluated again (`vi.resetModules()`): their module-level state
 *   (session store, realtime socket, i18n's current language, toasts' undo…) starts fresh, and a
 *   file's `vi.mock` of an app module reaches every module that imports it, whatever an earlier
 *   file loaded. Packages under node_modules are loaded natively and stay shared.
 * - after each test, Testing Library's `cleanup()` (it only registers itself when Vitest's
 *   globals are on, and they are not);
 * - after the file, the page as happy-dom started it (body, head, title, address, storage,
 *   cookies), no toast left in Mantine's store, real timers, and the globals and environment variables stubbed with `vi.stubGlobal`
 *   / `vi.stubEnv` or assigned directly (`fetch`, `matchMedia`…) back to the originals.
 */
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

vi.resetModules();

/** The window's properties a test may replace by assignment, as the first file found them. */
const RESTORED_GLOBALS = [
  'fetch',
  'matchMedia',
  'open',
  'confirm',
  'alert',
  'scrollTo',
  'ResizeObserver',
  'IntersectionObserver',
  'Notification',
  'AudioContext',
  'WebSocket',
  'EventSource',
] as const;

interface Pristine {
  globals: Map<string, PropertyDescriptor | undefined>;
  navigator: Map<string, PropertyDescriptor | undefined>;
  documentKeys: Set<string>;
  href: string;
  title: string;
}

const PRISTINE = Symbol.for('accueil.web-test.pristine');
const store = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
store[PRISTINE] ??= {
  globals: new Map(RESTORED_GLOBALS.map((key) => [key, Object.getOwnPropertyDescriptor(globalThis, key)])),
  navigator: new Map(
    ['clipboard', 'onLine', 'language', 'languages', 'permissions', 'mediaDevices', 'serviceWorker'].map(
      (key) => [key, Object.getOwnPropertyDescriptor(navigator, key)],
    ),
  ),
  documentKeys: new Set(Object.getOwnPropertyNames(document)),
  href: window.location.href,
  title: document.title,
};
const pristine = store[PRISTINE];

afterEach(() => {
  cleanup();
});

afterAll(async () => {
  cleanup();
  // A screen's lazy parts still loading when the file ends would land in the next file's modules.
  await vi.dynamicImportSettled();
  // Mantine keeps its toasts (shown and queued) in a module of its own, shared by the files.
  // (A file that replaces the package with `vi.mock` gets its stand-in here, without `clean`.)
  const { notifications } = await import('@mantine/notifications');
  if ('clean' in notifications) notifications.clean();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  for (const [key, descriptor] of pristine.globals) restoreProperty(globalThis, key, descriptor);
  for (const [key, descriptor] of pristine.navigator) restoreProperty(navigator, key, descriptor);
  for (const key of Object.getOwnPropertyNames(document)) {
    if (!pristine.documentKeys.has(key)) delete (document as unknown as Record<string, unknown>)[key];
  }
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.body.removeAttribute('style');
  document.body.removeAttribute('class');
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  document.title = pristine.title;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  if (window.location.href !== pristine.href) window.history.replaceState(null, '', pristine.href);
});

/** Puts back a property as it was described, or removes it if it was not there. */
function restoreProperty(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  if (descriptor) {
    if (own && sameDescriptor(own, descriptor)) return;
    Object.defineProperty(target, key, descriptor);
  } else if (own) {
    delete (target as Record<string, unknown>)[key];
  }
}

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.value === b.value && a.get === b.get && a.set === b.set;
}

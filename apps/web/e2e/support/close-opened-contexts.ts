import type { Browser, BrowserContext } from '@playwright/test';

/**
 * Closes the browser contexts a journey opened itself (`browser.newContext()`) and left open,
 * all but the test's own `context` (Playwright closes that one). Run after each test of a file
 * whose journeys open pages of their own: a journey that fails midway would otherwise leave its
 * pages signed in and its call legs up for the journeys after it (seen 2026-12-01: an agent left
 * on a call was offered no other, and the next two call journeys failed).
 */
export async function closeOpenedContexts(browser: Browser, context: BrowserContext): Promise<void> {
  for (const opened of browser.contexts()) {
    if (opened !== context) await opened.close();
  }
}

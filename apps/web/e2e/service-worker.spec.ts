import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';

/**
 * The app updates itself (docs/behaviour/web-app.md, "Updates"): the built app registers
 * `/service-worker.js`; a new release (here: the built page given a marker and the worker a new
 * revision of it, on disk, as a deployment would) is found by the check every 60 s, the prompt
 * asks to reload, and "Recharger" reloads the page onto the new version.
 */
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const MARKER = '<meta name="accueil-release" content="e2e-next" />';

/** Writes `file` of the built app and its precompressed copies (the server prefers those). */
function writeBuilt(name: string, text: string): void {
  writeFileSync(dist + name, text);
  if (name === 'index.html') {
    writeFileSync(`${dist}${name}.br`, brotliCompressSync(text));
    writeFileSync(`${dist}${name}.gz`, gzipSync(text));
  }
}

test.use({ serviceWorkers: 'allow' });

test('a new release makes the reload prompt appear, and reloading shows the new version', async ({
  page,
}) => {
  const originalPage = readFileSync(`${dist}index.html`, 'utf8');
  const originalWorker = readFileSync(`${dist}service-worker.js`, 'utf8');
  const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  try {
    // The page's clock is the test's: the app registers the worker when the page is first idle
    // (at most 2 s), then checks it every 60 s.
    await page.clock.install();
    await page.goto('/login');
    await page.clock.runFor(2_500);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // The first visit installed the worker; from the next load on it serves the app.
    await page.reload();
    await expect.poll(controlled).toBe(true);
    await page.clock.runFor(2_500);
    await expect(page.locator('meta[name="accueil-release"]')).toHaveCount(0);

    // The release: a changed page, precached under a new revision by a changed worker.
    writeBuilt('index.html', originalPage.replace('</head>', `${MARKER}</head>`));
    const worker = originalWorker.replace(
      /\{url:"index\.html",revision:"[0-9a-f]+"\}/,
      '{url:"index.html",revision:"e2e-next"}',
    );
    expect(worker).not.toBe(originalWorker);
    writeBuilt('service-worker.js', worker);

    // Nothing before the minute's check; then the waiting worker's prompt.
    const prompt = page.getByRole('region', { name: 'Une nouvelle version d’Accueil est prête' });
    await page.clock.runFor(20_000);
    await expect(prompt).toHaveCount(0);
    await page.clock.runFor(40_000);
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Reload takes the new worker, which serves the new page.
    await prompt.getByRole('button', { name: 'Recharger' }).click();
    await expect(page.locator('meta[name="accueil-release"]')).toHaveCount(1, { timeout: 30_000 });
    await expect.poll(controlled).toBe(true);
    await expect(prompt).toHaveCount(0);
  } finally {
    writeBuilt('index.html', originalPage);
    writeBuilt('service-worker.js', originalWorker);
  }
});

import type { Page, TestInfo } from '@playwright/test';

/**
 * Whether journeys take their review screenshots: yes on a developer's machine, not in CI (a
 * clean clone whose output nobody looks at; 56 calls, each two full-page shots and two relayouts,
 * software-rendered on CI's two cores), unless `E2E_SCREENSHOTS=1` asks for them. A failing
 * journey still gets Playwright's own screenshot (`screenshot: 'only-on-failure'`).
 */
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

/**
 * Screenshots of the open page at the two reviewed sizes, in the test's output folder
 * (`<name>-1440x900.png`, `<name>-1024x768.png`); with `parts`, also of each element it selects
 * (`<name>-<size>-section<n>.png`: a screen that scrolls inside its own container shows only its
 * first part in a page shot).
 */
export async function screenshots(
  page: Page,
  testInfo: TestInfo,
  name: string,
  parts?: string,
): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}x${height}.png`), fullPage: true });
    if (!parts) continue;
    const sections = page.locator(parts);
    for (let i = 0; i < (await sections.count()); i++) {
      await sections
        .nth(i)
        .screenshot({ path: testInfo.outputPath(`${name}-${width}x${height}-section${i + 1}.png`) });
    }
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

import type { Page, TestInfo } from '@playwright/test';

/** Screenshots of the open page at the two reviewed sizes, in the test's output folder (`<name>-1440x900.png`, `<name>-1024x768.png`). */
export async function screenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}x${height}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

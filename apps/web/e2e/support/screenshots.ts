import type { Page, TestInfo } from '@playwright/test';

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

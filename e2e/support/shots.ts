import type { Page } from '@playwright/test';

/**
 * With E2E_SHOTS set (a folder), the page at each size, for a person to look at: `<name>-<width>.png`. The page
 * returns to its own size afterwards.
 */
export async function shots(page: Page, name: string, sizes: readonly (readonly [number, number])[]) {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const before = page.viewportSize();
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}.png` });
  }
  if (before) await page.setViewportSize(before);
}

/** A desktop's and a phone's size. */
export const desktopAndPhone = [
  [1440, 900],
  [390, 844],
] as const;

/** A 1280 × 800 display and a tablet held landscape (the Register's). */
export const counterSizes = [
  [1280, 800],
  [1180, 820],
] as const;

import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { api, bodyOf } from './api.ts';

/** A printing as the Select Set dialog names it. */
export interface PrintingLabel {
  set: string;
  collector_number: string;
}

/** A printing's set and collector number, from the card details call. */
export async function printingLabel(request: APIRequestContext, id: string): Promise<PrintingLabel> {
  const { set, collector_number } = bodyOf(await api(request).call('card', { id }));
  return { set, collector_number };
}

/**
 * On the inventory screen, walks the Add Card dialog to one printing's detail dialog, as staff do: the card's name
 * typed, the card picked from the suggestions, then its printing from the set list.
 */
export async function openAddDetail(page: Page, name: string, printing: PrintingLabel): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Card' }).click();
  const search = page.getByRole('dialog', { name: 'Add Card to Inventory' });
  await search.getByLabel('Card name').fill(name.toLowerCase());
  await search.getByRole('button', { name }).first().click();
  await page
    .getByRole('dialog', { name: `Select Set for ${name}` })
    .getByRole('button')
    .filter({ hasText: `${printing.set.toUpperCase()} · #${printing.collector_number}` })
    .click();
  return page.getByRole('dialog', { name });
}

import { z } from 'zod';
import { ZSessionToken } from './auth.ts';
import { decimal } from './common.ts';
import { ZFinish, ZLanguage, ZLocation, ZQuality, ZStaffInventoryRow } from './inventory.ts';
import { ZSealedItem } from './sealed.ts';

/** Longest code or name quick add reads: a card's longest name, with room to spare. */
export const quickAddCodeMaxLength = 200;

/**
 * Quick add (issue 41): one code, one copy. `code` is a set code and collector number ("MH3 241"), a Scryfall id, a
 * Cardstock label code, a sealed product's UPC/EAN, or a card's full name; the copy takes the finish, condition,
 * language and location given (the screen's sticky defaults). A label adds to its own row as it is.
 */
export const ZQuickAddRequest = z.object({
  token: ZSessionToken,
  code: z
    .string({ error: 'code must be text.' })
    .trim()
    .min(1, 'Type or scan a code.')
    .max(quickAddCodeMaxLength, `code must be at most ${quickAddCodeMaxLength} characters.`)
    .describe('"MH3 241", a Scryfall id, a label code (CS…), a UPC/EAN, or a card’s full name'),
  finish: ZFinish.optional().default('nonfoil').describe('The copy’s finish; nonfoil when left out'),
  quality: ZQuality.optional().default('NM').describe('The copy’s condition; NM when left out'),
  language: ZLanguage.optional().default('en').describe('The copy’s language; English when left out'),
  location: ZLocation.optional().describe('Where the copy is kept; left out, the row’s place stays'),
});
export type QuickAddRequest = z.output<typeof ZQuickAddRequest>;

const quickAddAnswer = {
  message: z.string(),
  row: ZStaffInventoryRow.optional().describe('The stock row the copy went to, as the inventory list shows it'),
  sealed: ZSealedItem.optional().describe('The sealed product, when the code was its UPC/EAN'),
};

export const ZQuickAddResponse = z.object({
  ...quickAddAnswer,
  undo_id: z.number().int().describe('Sends this addition back with quick-add/undo'),
});
export type QuickAddResponse = z.infer<typeof ZQuickAddResponse>;

export const ZQuickAddUndoRequest = z.object({
  token: ZSessionToken,
  undo_id: decimal(z.number({ error: 'undo_id must be a number.' }).int('undo_id must be a whole number.').positive()),
});

/** The row (or sealed product) as it stands after the copy was taken back. */
export const ZQuickAddUndoResponse = z.object(quickAddAnswer);
export type QuickAddUndoResponse = z.infer<typeof ZQuickAddUndoResponse>;

/**
 * What the buylist feature lends other features; nothing else of it is theirs to import (eslint.config.js). The kiosk
 * lets a customer sell their cards on its tablet with the sell list, which brings the buylist's stylesheet with it.
 * The Register takes a trade-in in a sale with the same finder, lines and offers.
 */
export { draftLineOf, SellLineRow, SellList } from './SellList.tsx';
export { CardFinder } from './CardFinder.tsx';
export { putLine, sellItems, type SellDraftLine } from './buy-view.ts';

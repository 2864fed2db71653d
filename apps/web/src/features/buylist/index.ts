/**
 * What the buylist feature lends other features; nothing else of it is theirs to import (eslint.config.js). The kiosk
 * lets a customer sell their cards on its tablet with the sell list, which brings the buylist's stylesheet with it.
 */
export { SellList } from './SellList.tsx';

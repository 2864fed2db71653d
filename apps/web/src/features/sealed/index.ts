/**
 * What the sealed feature lends other features; nothing else of it is theirs to import (eslint.config.js). The
 * inventory screen shows the sealed stock under the singles.
 */
export { SealedStockSection } from './SealedStockSection.tsx';

/**
 * What the orders feature lends other features; nothing else of it is theirs to import (eslint.config.js). The kiosk
 * puts the ordering screen on its tablet. The ordering page is its own lazy chunk, which the kiosk's chunk already
 * loads: this entry adds nothing to it.
 */
export { OrderingScreen } from './OrderingPage.tsx';

/**
 * What the orders feature lends other features; nothing else of it is theirs to import (eslint.config.js). The kiosk
 * puts the ordering screen on its tablet. The ordering page is its own lazy chunk, which the kiosk's chunk already
 * loads: this entry adds nothing to it. The Register rings up the same cart lines (rows of the shop's stock, with
 * their stock rules) as the ordering screen.
 */
export { OrderingScreen } from './OrderingPage.tsx';
export {
  addToCart,
  formatPrice,
  lineDetails,
  orderItems,
  removeFromCart,
  sealedHit,
  type CartItem,
  type InventoryHit,
} from './cart.ts';

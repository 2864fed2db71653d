/**
 * What the customers feature lends other features; nothing else of it is theirs to import (eslint.config.js). The
 * ordering cart (and the kiosk's, through it) lets staff pay part of an order with a customer's store credit; the
 * Register adds a customer on the spot.
 */
export { CreditPayment, creditPayment, noCreditChoice, type CreditChoice } from './CreditPayment.tsx';
export { CustomerModal } from './CustomerModal.tsx';

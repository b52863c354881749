/**
 * The cart owner key moved to cart.rules.ts; this module keeps the old import path working for callers
 * outside the cart (the product reads) until they import it from there.
 */
export { ownerOf } from './cart.rules.js';

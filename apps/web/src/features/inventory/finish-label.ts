import type { Finish } from '@cardstock/contract';

/** A finish as the inventory table and the storefront name it (this module takes no texts: the storefront imports it). */
export const finishName: Record<Finish, string> = { nonfoil: 'Non-Foil', foil: 'Foil', etched: 'Etched' };

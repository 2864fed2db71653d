import { messages, type Finish } from '@cardstock/contract';

/** How the spec labels a printing's finishes in the set list (spec 001 §2.1). */
export function finishesLabel(finishes: readonly string[]): string {
  const foil = finishes.includes('foil') || finishes.includes('etched');
  const nonfoil = finishes.includes('nonfoil');
  if (foil && nonfoil) return messages.inventory.foilAndNonfoil;
  return foil ? messages.inventory.foilOnly : messages.inventory.nonfoilOnly;
}

export const finishName: Record<Finish, string> = { nonfoil: 'Non-Foil', foil: 'Foil', etched: 'Etched' };

import { finishNames, type Finish } from '@cardstock/contract';

/**
 * Pure helpers of the two order screens (spec 000 §3–§4): finish labels. Callout numbers, local times and money
 * are lib/format.ts's, the "did the pending set change" rule lib/order-set.ts's.
 */

/**
 * The spec shows 'Foil', otherwise 'Non-Foil'. Etched is a foil treatment,
 * so it is named as the inventory names it rather than called Non-Foil.
 */
export const finishLabel = (finish: Finish): string => finishNames[finish];

/** An order's Finish cell: each finish its lines carry, once, in a fixed order. */
export function finishSummary(items: readonly { finish: Finish; kind?: 'single' | 'sealed' }[]): string {
  // Sealed products have no finish: only the singles' show.
  const present = new Set(items.filter((item) => item.kind !== 'sealed').map((item) => item.finish));
  const labels = (['nonfoil', 'foil', 'etched'] as const).filter((f) => present.has(f)).map(finishLabel);
  return labels.length ? labels.join(', ') : '—';
}

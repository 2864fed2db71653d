/**
 * Whether the set of pending order numbers changed since the last load: the order management and buylist screens
 * poll their pending lists and tell staff when one arrived or left.
 * The first load (`previous` undefined) is never a change; order does not matter.
 */
export function orderSetChanged(previous: readonly string[] | undefined, next: readonly string[]): boolean {
  if (previous === undefined) return false;
  const before = new Set(previous);
  const after = new Set(next);
  return before.size !== after.size || [...after].some((n) => !before.has(n));
}

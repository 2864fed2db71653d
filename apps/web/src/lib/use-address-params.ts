import { useCallback, useState } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The address's query (`?kind=…&page=…`) as a screen's state: the filters of a view that can be shared as a link and
 * walked with Back. React Router moves the address in a transition, so a control bound to `useSearchParams` alone
 * reads its old value for a moment after a change (a select snaps back, a box stays unticked); here a change shows at
 * once and the address follows. A move of the address from elsewhere (Back, a link) is the truth again.
 */
export function useAddressParams(): [
  params: URLSearchParams,
  change: (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => void,
] {
  const [params, setParams] = useSearchParams();
  // A change not yet in the address, made while the address read `from`: once the address moves, it is the truth.
  const [pending, setPending] = useState<{ from: URLSearchParams; to: URLSearchParams }>();
  const shown = pending?.from === params ? pending.to : params;
  const change = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const changed = next(new URLSearchParams(shown));
      setPending({ from: params, to: changed });
      setParams(changed, options);
    },
    [shown, params, setParams],
  );
  return [shown, change];
}

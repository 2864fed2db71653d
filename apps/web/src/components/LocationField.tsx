import { locationMaxLength, messages } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { call } from '../lib/api.ts';

const m = messages.inventory;

/** The react-query key of the shop's locations: whoever saves a location invalidates it. */
export const locationsQueryKey = ['inventory-locations'] as const;

/**
 * A stock row's or a sealed product's storage location (issue 41): free text, the shop's own locations suggested as
 * it is typed (the browser's list, kept a minute), at most as long as the server takes.
 */
export function LocationField({
  value,
  onChange,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const listId = useId();
  const hintId = useId();
  const known = useQuery({
    queryKey: locationsQueryKey,
    queryFn: () => call('inventoryLocations', { body: {} }),
    staleTime: 60_000,
  });
  return (
    <>
      <label>
        {m.location}
        <input
          type="text"
          list={listId}
          maxLength={locationMaxLength}
          placeholder={m.locationPlaceholder}
          aria-describedby={hintId}
          autoComplete="off"
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      <datalist id={listId}>
        {known.data?.locations.map((place) => (
          <option key={place} value={place} />
        ))}
      </datalist>
      <p id={hintId} className="muted">
        {m.locationHint}
      </p>
    </>
  );
}

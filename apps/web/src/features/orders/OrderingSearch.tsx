import { limits, timings } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { call } from '../../lib/api.ts';
import { useSettled } from '../../lib/use-settled.ts';

interface OrderingSearchProps {
  /** A paired tablet's device token; without it the suggestions are asked with the staff session. */
  deviceToken?: string;
  /** Who is asking (the token in use): one shop's suggestions are never shown to another. */
  caller?: string;
  value: string;
  onChange: (text: string) => void;
  /** Enter, or a suggestion chosen: search the shop's inventory for this text. */
  onSearch: (text: string) => void;
}

/**
 * The ordering search box (spec 001 §2.5): name suggestions once typing
 * pauses, at 2 or more characters, the first 5 shown. They come from the
 * shop's own stock, so each one leads to cards the shop can sell.
 * A combobox: arrow keys walk the suggestions, Enter picks one or searches
 * the text as typed, Escape closes the list.
 */
export function OrderingSearch({ deviceToken, caller, value, onChange, onSearch }: OrderingSearchProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = value.trim();
  const q = useSettled(text, timings.orderingSearchDebounceMs);
  const wanted = open && q.length >= limits.cardSearchMinChars && q === text;

  const suggest = useQuery({
    queryKey: ['ordering-suggest', caller, q],
    queryFn: () =>
      call('shopSuggest', { body: { q }, token: deviceToken }).catch((err: unknown) => {
        // Spec 001 §8: failed suggestion calls are only logged.
        console.error('Suggestions failed', err);
        throw err;
      }),
    enabled: wanted,
    // Stock moves as orders come in: a suggestion is kept for a short while only.
    staleTime: 10_000,
    retry: false,
  });
  const shown = wanted ? (suggest.data ?? []).slice(0, limits.suggestionsShown) : [];
  const expanded = shown.length > 0;

  function choose(text: string) {
    setOpen(false);
    setActive(-1);
    onChange(text);
    onSearch(text);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!expanded) return;
        e.preventDefault();
        const last = shown.length - 1;
        setActive((i) => (e.key === 'ArrowDown' ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
        break;
      }
      case 'Enter': {
        e.preventDefault();
        const picked = expanded && active >= 0 ? shown[active] : undefined;
        if (picked) choose(picked.name);
        else if (text) choose(text);
        break;
      }
      case 'Escape':
        if (expanded) {
          e.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
      default:
        break;
    }
  }

  return (
    <div className="ordering-search">
      <input
        type="search"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        aria-label="Search inventory"
        placeholder="Search cards in stock (Enter to search)"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      {expanded && (
        <ul id={listId} role="listbox" aria-label="Suggestions" className="ordering-suggestions">
          {shown.map((s, i) => (
            <li
              key={`${s.name}|${s.set}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              // Keeps the focus in the box, so the blur does not close the list before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(s.name)}
            >
              <span>{s.name}</span>
              <span className="muted">{s.set.toUpperCase()}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

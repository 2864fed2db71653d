import {
  type Finish,
  finishes,
  finishNames,
  qualities,
  type Quality,
  storefrontMessages as text,
  type StorefrontSort,
  storefrontSorts,
} from '@cardstock/contract';
import { useId, useState, type FormEvent } from 'react';
import {
  filtersOf,
  queryOfFilters,
  typedSearch,
  type SearchFilters,
  type StorefrontAddress,
} from './storefront-search.ts';

const colorLetters = Object.keys(text.colorNames) as (keyof typeof text.colorNames)[];

export interface StorefrontSearchProps {
  /** What the address asks for: the controls show it. */
  address: StorefrontAddress;
  /** Cards matching the search, once an answer for it has come. */
  total: number | undefined;
  /** Puts a new search (from page 1) or order into the address. */
  onChange: (address: StorefrontAddress) => void;
}

/**
 * The storefront's search box, filters and order (issue 24). The box takes name words and any of the staff search's
 * terms; the filters (set, colour, finish, condition, in stock only) are those terms as controls, read from and
 * written into the search text, so the address (`?q=&sort=`) is the whole state and a link shares it. The box and
 * the set field apply on Enter or Search; the other controls at once (with the words typed so far). Every change starts again at page 1.
 */
export function StorefrontSearch({ address, total, onChange }: StorefrontSearchProps) {
  const id = useId();
  const shown = filtersOf(address.q);
  const [typed, setTyped] = useState(shown.text);
  const [set, setSet] = useState(shown.set);
  // A new address (Back, Forward, a filter, Clear search) resets the fields, during render as React advises.
  const [shownQ, setShownQ] = useState(address.q);
  if (shownQ !== address.q) {
    setShownQ(address.q);
    setTyped(shown.text);
    setSet(shown.set);
  }

  const apply = (filters: SearchFilters, sort: StorefrontSort = address.sort) => {
    const q = queryOfFilters(filters);
    if (q !== address.q || sort !== address.sort) onChange({ q, sort, page: 1 });
  };
  // What the form shows, words typed but not yet searched included: a control changed keeps them.
  const current = () => typedSearch(typed, { ...shown, set });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply(current());
  };

  return (
    <section className="storefront-search" aria-label={text.searchLabel}>
      <form role="search" className="storefront-search-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${id}-q`}>
          {text.searchLabel}
        </label>
        <input
          id={`${id}-q`}
          type="search"
          name="q"
          value={typed}
          placeholder={text.searchPlaceholder}
          title={text.searchHint}
          maxLength={200}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(e) => setTyped(e.target.value)}
        />
        <label className="storefront-filter">
          <span>{text.setLabel}</span>
          <input
            type="text"
            name="set"
            value={set}
            placeholder={text.setPlaceholder}
            size={8}
            maxLength={10}
            autoComplete="off"
            onChange={(e) => setSet(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          {text.searchButton}
        </button>
      </form>
      <div className="storefront-filters" role="group" aria-label={text.filtersLabel}>
        <label className="storefront-filter">
          <span>{text.colorLabel}</span>
          <select value={shown.color} onChange={(e) => apply({ ...current(), color: e.target.value })}>
            <option value="">{text.anyOption}</option>
            {colorLetters.map((c) => (
              <option key={c} value={c}>
                {text.colorNames[c]}
              </option>
            ))}
          </select>
        </label>
        <label className="storefront-filter">
          <span>{text.finishLabel}</span>
          <select value={shown.finish} onChange={(e) => apply({ ...current(), finish: e.target.value as Finish | '' })}>
            <option value="">{text.anyOption}</option>
            {finishes.map((f) => (
              <option key={f} value={f}>
                {finishNames[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="storefront-filter">
          <span>{text.conditionLabel}</span>
          <select
            value={shown.condition}
            onChange={(e) => apply({ ...current(), condition: e.target.value as Quality | '' })}
          >
            <option value="">{text.anyOption}</option>
            {qualities.map((q) => (
              <option key={q} value={q}>
                {text.conditionNames[q]} ({q})
              </option>
            ))}
          </select>
        </label>
        <label className="storefront-filter storefront-filter-check">
          <input
            type="checkbox"
            checked={shown.inStock}
            onChange={(e) => apply({ ...current(), inStock: e.target.checked })}
          />
          <span>{text.inStockOnly}</span>
        </label>
        <label className="storefront-filter storefront-sort">
          <span>{text.sortLabel}</span>
          <select value={address.sort} onChange={(e) => apply(current(), e.target.value as StorefrontSort)}>
            {storefrontSorts.map((s) => (
              <option key={s} value={s}>
                {text.sortNames[s]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="storefront-result-count" aria-live="polite">
        {total === undefined ? '' : text.resultCount(total)}
      </p>
    </section>
  );
}

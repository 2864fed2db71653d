/**
 * The storefront search's pure rules (issue 24): what a storefront address asks for (`?q=&sort=&page=`), and how
 * the filter controls read from and write into the search text, so a search is a shareable link and every control
 * shows what the link asks for.
 */
import {
  storefrontPageOf,
  storefrontQueryOf,
  storefrontSortOf,
  type Finish,
  type Quality,
  type StorefrontSort,
} from '@cardstock/contract';

/** What a storefront address asks for: a search (`q`, '' for every card), its order and a page of it. */
export interface StorefrontAddress {
  q: string;
  sort: StorefrontSort;
  page: number;
}

/** An address's query string (without `?`) read as the server reads it (web.ts), so both show the same page. */
export function addressOf(search: string): StorefrontAddress {
  const params = new URLSearchParams(search);
  return {
    q: storefrontQueryOf(params.get('q')),
    sort: storefrontSortOf(params.get('sort')),
    page: storefrontPageOf(params.get('page')),
  };
}

/**
 * The query string (without `?`) of an address: the page always (as page changes always wrote it), the search and
 * order only when they are not the defaults; other parameters of the current address (`keep`) kept.
 */
export function searchOf(address: StorefrontAddress, keep = ''): string {
  const params = new URLSearchParams(keep);
  for (const name of ['q', 'sort', 'page']) params.delete(name);
  if (address.q) params.set('q', address.q);
  if (address.sort !== 'name') params.set('sort', address.sort);
  params.set('page', String(address.page));
  return params.toString();
}

/** The search as the controls show it: the words typed, and the terms the filter controls stand for. */
export interface SearchFilters {
  /** Everything that is not a filter's term: name words, and any other term, as typed. */
  text: string;
  /** A set code, lower case; '' for any. */
  set: string;
  /** One colour letter (w, u, b, r, g, c colourless, m multicolour); '' for any. */
  color: string;
  finish: Finish | '';
  condition: Quality | '';
  inStock: boolean;
}

export const noFilters: SearchFilters = { text: '', set: '', color: '', finish: '', condition: '', inStock: false };

const SET_TERM = /^(?:set|s|e|edition):([a-z0-9]+)$/;
const COLOR_TERM = /^(?:c|color):([wubrgcm])$/;
const FINISH_TERM = /^is:(nonfoil|foil|etched)$/;
const CONDITION_TERM = /^(?:cond|condition):(nm|lp|mp|hp|d)$/;
const IN_STOCK_TERM = /^(?:q|qty|quantity)(?:>0|>=1)$/;

/**
 * A search text split into its filters and the rest: the first term of each filter's kind becomes the control's
 * value (terms are any case, as the server reads them); everything else, quoted words included, stays text.
 */
export function filtersOf(q: string): SearchFilters {
  const filters: SearchFilters = { ...noFilters };
  const rest: string[] = [];
  for (const token of q.match(/"[^"]*"|\S+/g) ?? []) {
    const term = token.toLowerCase();
    let m: RegExpExecArray | null;
    if (!filters.set && (m = SET_TERM.exec(term))) filters.set = m[1]!;
    else if (!filters.color && (m = COLOR_TERM.exec(term))) filters.color = m[1]!;
    else if (!filters.finish && (m = FINISH_TERM.exec(term))) filters.finish = m[1] as Finish;
    else if (!filters.condition && (m = CONDITION_TERM.exec(term))) filters.condition = m[1]!.toUpperCase() as Quality;
    else if (!filters.inStock && IN_STOCK_TERM.test(term)) filters.inStock = true;
    else rest.push(token);
  }
  filters.text = rest.join(' ');
  return filters;
}

/** The search text the server is sent for what the controls show: the words, then each filter as its term. */
export function queryOfFilters(filters: SearchFilters): string {
  const set = filters.set.trim().toLowerCase().replace(/\s+/g, '');
  return [
    filters.text.trim(),
    set && `set:${set}`,
    filters.color && `c:${filters.color}`,
    filters.finish && `is:${filters.finish}`,
    filters.condition && `cond:${filters.condition.toLowerCase()}`,
    filters.inStock && 'q>0',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * What a search box's text does to the filters shown: terms typed in it take their controls (a typed `is:foil`
 * sets Finish), controls it says nothing about keep their value, and its other words replace the words.
 */
export function typedSearch(typed: string, shown: SearchFilters): SearchFilters {
  const read = filtersOf(typed);
  return {
    text: read.text,
    set: read.set || shown.set,
    color: read.color || shown.color,
    finish: read.finish || shown.finish,
    condition: read.condition || shown.condition,
    inStock: read.inStock || shown.inStock,
  };
}

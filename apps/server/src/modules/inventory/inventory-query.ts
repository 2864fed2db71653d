import {
  ZLanguage,
  qualities,
  readScanCode,
  type Finish,
  type Language,
  type Quality,
  dollarsToCents,
} from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import { normalizeName } from '../catalog/scryfall-card.ts';

type Comparison = '=' | '>' | '>=' | '<' | '<=';

/** A parsed inventory search: name words plus Scryfall-style terms, all of which must hold. */
export interface InventoryQuery {
  words: string[];
  sets: string[];
  finishes: Finish[];
  quantity: { op: Comparison; value: number }[];
  colors: string[];
  types: string[];
  rarities: string[];
  usd: { op: Comparison; cents: number }[];
  qualities: Quality[];
  languages: Language[];
  /** is:signed, is:altered: rows carrying every one of these flags. */
  flags: CardFlag[];
  /** loc:A-04: rows kept at a location containing each of these texts (lower case), any case. */
  locations: string[];
  /** A label code typed or scanned (CS9IXO, decision 040): that one row. */
  rows: number[];
}

/** The flags a copy can carry beside its condition; each a column of the stock row. */
export type CardFlag = 'signed' | 'altered';

export class QueryError extends Error {}

const rarityNames: Record<string, string> = {
  c: 'common',
  common: 'common',
  u: 'uncommon',
  uncommon: 'uncommon',
  r: 'rare',
  rare: 'rare',
  m: 'mythic',
  mythic: 'mythic',
  s: 'special',
  special: 'special',
};

const TERM = /^(-?)([a-z]+)(>=|<=|!=|:|=|>|<)(.+)$/;
const KNOWN = 'set:, is:foil, is:signed, q>, c:, t:, r:, usd>, cond:, lang:, loc:';

/**
 * Parses what a shop types into the live search. Plain words match the start
 * of words of the card name in any order, ignoring case and accents.
 * `*` or nothing lists everything. An unknown term is an error, so a typo
 * never silently shows an empty list.
 */
export function parseInventoryQuery(q: string): InventoryQuery {
  const query: InventoryQuery = {
    words: [],
    sets: [],
    finishes: [],
    quantity: [],
    colors: [],
    types: [],
    rarities: [],
    usd: [],
    qualities: [],
    languages: [],
    flags: [],
    locations: [],
    rows: [],
  };
  // A quoted phrase, alone or as a term's value (loc:"Binder 3"), is one token.
  const tokens = q.trim() === '*' ? [] : (q.match(/[^\s"]+:"[^"]*"|"[^"]*"|\S+/g) ?? []);
  for (const raw of tokens) {
    const token = raw.replace(/^"|"$/g, '');
    const term = raw.startsWith('"') ? null : TERM.exec(token.toLowerCase());
    const label = raw.startsWith('"') ? undefined : readScanCode(token);
    if (label?.kind === 'label') {
      query.rows.push(label.row);
      continue;
    }
    if (!term) {
      query.words.push(...normalizeName(token).split(' ').filter(Boolean));
      continue;
    }
    const [, negated, key, rawOp, value] = term as unknown as [string, string, string, string, string];
    if (negated || rawOp === '!=') throw new QueryError(`Negated terms are not supported yet: "${raw}".`);
    const op: Comparison = rawOp === ':' ? '=' : (rawOp as Comparison);
    const number = (what: string) => {
      const n = Number(value.replace(/^\$/, ''));
      if (!Number.isFinite(n) || n < 0) throw new QueryError(`${what} needs a number: "${raw}".`);
      return n;
    };
    switch (key) {
      case 'set':
      case 's':
      case 'e':
      case 'edition':
        query.sets.push(value);
        break;
      case 'is':
        if (value === 'foil' || value === 'nonfoil' || value === 'etched') query.finishes.push(value);
        else if (value === 'signed' || value === 'altered') query.flags.push(value);
        else
          throw new QueryError(
            `Unknown "is:" value "${value}". Try is:foil, is:nonfoil, is:etched, is:signed or is:altered.`,
          );
        break;
      case 'q':
      case 'qty':
      case 'quantity':
        query.quantity.push({ op, value: Math.floor(number('Quantity')) });
        break;
      case 'c':
      case 'color':
        if (!/^[wubrgcm]+$/.test(value))
          throw new QueryError(`Colours are w, u, b, r, g, c (colourless) or m (multicolour): "${raw}".`);
        query.colors.push(value);
        break;
      case 't':
      case 'type':
        query.types.push(value);
        break;
      case 'r':
      case 'rarity': {
        const rarity = rarityNames[value];
        if (!rarity) throw new QueryError(`Unknown rarity "${value}". Try common, uncommon, rare or mythic.`);
        query.rarities.push(rarity);
        break;
      }
      case 'usd':
        query.usd.push({ op, cents: dollarsToCents(number('Price')) });
        break;
      case 'cond':
      case 'condition': {
        const quality = value.toUpperCase() as Quality;
        if (!qualities.includes(quality))
          throw new QueryError(`Unknown condition "${value}". Try NM, LP, MP, HP or D.`);
        query.qualities.push(quality);
        break;
      }
      case 'lang':
      case 'language': {
        const language = ZLanguage.safeParse(value);
        if (!language.success)
          throw new QueryError(`Unknown language "${value}". Try lang:en, lang:de, lang:ja or another Scryfall code.`);
        query.languages.push(language.data);
        break;
      }
      case 'loc':
      case 'location':
      case 'bin': {
        const place = value.replaceAll('"', '').trim();
        if (!place) throw new QueryError(`Say which location: "${key}:A-04" or ${key}:"Binder 3".`);
        query.locations.push(place);
        break;
      }
      default:
        throw new QueryError(`Unknown search term "${key}${rawOp}". Try words of the name, or ${KNOWN}`);
    }
  }
  return query;
}

/**
 * A query as one text that is the same for every way of typing it (terms in any order, case, spacing, repeats): the
 * key a kept answer is found under, so `Bolt  is:foil` and `is:FOIL bolt` share one.
 */
export function queryKey(query: InventoryQuery): string {
  const texts = (list: readonly string[]) => [...new Set(list)].sort().join(',');
  const comparisons = (list: readonly { op: Comparison; value?: number; cents?: number }[]) =>
    texts(list.map((c) => `${c.op}${c.value ?? c.cents}`));
  return [
    texts(query.words),
    texts(query.sets),
    texts(query.finishes),
    comparisons(query.quantity),
    texts(query.colors),
    texts(query.types),
    texts(query.rarities),
    comparisons(query.usd),
    texts(query.qualities),
    texts(query.languages),
    texts(query.flags),
    texts(query.locations),
    texts(query.rows.map(String)),
  ].join(';');
}

/** Rows on a page of the staff list and the storefront. */
export const INVENTORY_PAGE_SIZE = 50;

/** A staff filter or search text as a query; a bad term is a 400 naming it. */
export function queryOf(q: string): InventoryQuery {
  try {
    return parseInventoryQuery(q);
  } catch (err) {
    if (err instanceof QueryError) throw new AppError('BAD_REQUEST', err.message);
    throw err;
  }
}

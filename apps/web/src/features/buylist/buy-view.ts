import {
  buylistMessages,
  centsText,
  centsToDollars,
  dollarsToCents,
  formatUsdPlain,
  languageNames,
  pricedLanguages,
  type BuyRules,
  type Finish,
  type Language,
  type NoOfferReason,
  type PricedLanguage,
  type Quality,
  wholeCents,
} from '@cardstock/contract';

const m = buylistMessages.screen;

/** Why a line is offered nothing, in words; '' when it has an offer. */
export const reasonText = (reason: NoOfferReason | null): string => (reason ? m.reasons[reason] : '');

/** A line of a sell list being put together, before it is sent. */
export interface SellDraftLine {
  /** Printing, finish, condition and language: two lines never share it (adding again adds copies). */
  key: string;
  scryfall_id: string;
  card_name: string;
  set_code: string;
  set_name: string;
  collector_number: string;
  image: string | null;
  /** The finishes this printing was made in: the line's finish is one of them. */
  finishes: readonly Finish[];
  finish: Finish;
  quality: Quality;
  language: Language;
  quantity: number;
}

export const draftKey = (line: Pick<SellDraftLine, 'scryfall_id' | 'finish' | 'quality' | 'language'>): string =>
  `${line.scryfall_id}|${line.finish}|${line.quality}|${line.language}`;

/**
 * Adds a line to a sell list, or changes one: a line that comes to share another's printing, finish, condition and
 * language joins it (their copies add up), so the list never names the same copies twice.
 */
export function putLine(lines: readonly SellDraftLine[], line: SellDraftLine, replacing?: string): SellDraftLine[] {
  const next = { ...line, key: draftKey(line) };
  const rest = lines.filter((l) => l.key !== replacing);
  const same = rest.findIndex((l) => l.key === next.key);
  if (same === -1) {
    const at = replacing === undefined ? -1 : lines.findIndex((l) => l.key === replacing);
    if (at === -1) return [...rest, next];
    return [...rest.slice(0, at), next, ...rest.slice(at)];
  }
  return rest.map((l, i) => (i === same ? { ...l, quantity: Math.min(1000, l.quantity + next.quantity) } : l));
}

/** What is sent for the lines: the wire's sell lines. */
export const sellItems = (lines: readonly SellDraftLine[]) =>
  lines.map(({ scryfall_id, finish, quality, language, quantity }) => ({
    scryfall_id,
    finish,
    quality,
    language,
    quantity,
  }));

/** The customer fields as typed: which one is missing, if any (the server says the same, this says it sooner). */
export function customerProblem(customer: { name: string; email: string; phone: string }): string | undefined {
  if (!customer.name.trim()) return m.nameRequired;
  if (!customer.email.trim() && !customer.phone.trim()) return m.contactRequired;
  return undefined;
}

/** The buy rules' form: each field as text, as typed. */
export interface RulesForm {
  cash_percent: string;
  credit_percent: string;
  hotlist_cash_percent: string;
  hotlist_credit_percent: string;
  condition_percent: Record<Quality, string>;
  min_offer: string;
  rounding: string;
  /** Share of the English offer per language; empty: as English (100 %). */
  language_percent: Record<PricedLanguage, string>;
  target_by_rarity: Record<'common' | 'uncommon' | 'rare' | 'mythic', string>;
  employee_accept_limit: string;
}

export function rulesForm(rules: BuyRules): RulesForm {
  const target = (r: keyof BuyRules['target_by_rarity']) => {
    const t = rules.target_by_rarity[r];
    return t === undefined ? '' : String(t);
  };
  return {
    cash_percent: String(rules.cash_percent),
    credit_percent: String(rules.credit_percent),
    hotlist_cash_percent: String(rules.hotlist_cash_percent),
    hotlist_credit_percent: String(rules.hotlist_credit_percent),
    condition_percent: {
      NM: String(rules.condition_percent.NM),
      LP: String(rules.condition_percent.LP),
      MP: String(rules.condition_percent.MP),
      HP: String(rules.condition_percent.HP),
      D: String(rules.condition_percent.D),
    },
    language_percent: Object.fromEntries(
      pricedLanguages.map((l) => [l, rules.language_percent[l] === undefined ? '' : String(rules.language_percent[l])]),
    ) as Record<PricedLanguage, string>,
    min_offer: centsText(rules.min_offer_cents),
    rounding: centsText(rules.rounding_cents),
    target_by_rarity: {
      common: target('common'),
      uncommon: target('uncommon'),
      rare: target('rare'),
      mythic: target('mythic'),
    },
    employee_accept_limit: centsText(rules.employee_accept_limit_cents),
  };
}

export type RulesErrors = Partial<Record<string, string>>;

/**
 * The form read back as rules, or the problems by field name (`cash_percent`, `condition_percent.NM`,
 * `language_percent.de`, `target_by_rarity.rare`...). A language left empty is offered as English; English itself
 * is not on the form and is kept as it was.
 */
export function readRulesForm(form: RulesForm, kept: BuyRules): { rules?: BuyRules; errors: RulesErrors } {
  const errors: RulesErrors = {};
  const number = (field: string, text: string, label: string, max: number): number => {
    const trimmed = text.trim();
    const n = Number(trimmed);
    if (trimmed === '' || !Number.isFinite(n)) errors[field] = `${label} must be a number.`;
    else if (n < 0) errors[field] = `${label} cannot be negative.`;
    else if (n > max) errors[field] = `${label} must be at most ${max}.`;
    return n;
  };
  const cents = (field: string, text: string, label: string, maxDollars: number, min = 0): number => {
    const dollars = number(field, text, label, maxDollars);
    const c = dollarsToCents(dollars);
    if (!errors[field] && wholeCents(dollars) === null) errors[field] = `${label} can have at most 2 decimals.`;
    else if (!errors[field] && c < min)
      errors[field] = `${label} must be at least ${formatUsdPlain(centsToDollars(min))}.`;
    return c;
  };
  const targets: BuyRules['target_by_rarity'] = {};
  for (const rarity of ['common', 'uncommon', 'rare', 'mythic'] as const) {
    const text = form.target_by_rarity[rarity].trim();
    if (text === '') continue;
    const label = `The ${rarity} target`;
    const n = number(`target_by_rarity.${rarity}`, text, label, 100_000);
    if (!errors[`target_by_rarity.${rarity}`] && !Number.isInteger(n))
      errors[`target_by_rarity.${rarity}`] = `${label} must be whole copies.`;
    targets[rarity] = n;
  }
  const language: BuyRules['language_percent'] =
    kept.language_percent.en === undefined ? {} : { en: kept.language_percent.en };
  for (const l of pricedLanguages) {
    const text = form.language_percent[l].trim();
    if (text !== '') language[l] = number(`language_percent.${l}`, text, `The ${languageNames[l]} percentage`, 1000);
  }
  const condition = {} as Record<Quality, number>;
  for (const q of ['NM', 'LP', 'MP', 'HP', 'D'] as const)
    condition[q] = number(`condition_percent.${q}`, form.condition_percent[q], `${q} percentage`, 100);
  const rules: BuyRules = {
    cash_percent: number('cash_percent', form.cash_percent, 'Cash percentage', 200),
    credit_percent: number('credit_percent', form.credit_percent, 'Credit percentage', 200),
    hotlist_cash_percent: number('hotlist_cash_percent', form.hotlist_cash_percent, 'Hotlist cash percentage', 200),
    hotlist_credit_percent: number(
      'hotlist_credit_percent',
      form.hotlist_credit_percent,
      'Hotlist credit percentage',
      200,
    ),
    condition_percent: condition,
    language_percent: language,
    min_offer_cents: cents('min_offer', form.min_offer, 'Minimum offer', 1000),
    rounding_cents: cents('rounding', form.rounding, 'Rounding', 100, 1),
    target_by_rarity: targets,
    employee_accept_limit_cents: cents(
      'employee_accept_limit',
      form.employee_accept_limit,
      'Employee accept limit',
      1_000_000,
    ),
  };
  return Object.keys(errors).length ? { errors } : { rules, errors };
}

/** A dollars box: empty is null; otherwise a number of dollars with at most 2 decimals, or what is wrong with it. */
function dollarsOrEmpty(text: string, label: string): { value: number | null } | { problem: string } {
  const t = text.trim();
  if (t === '') return { value: null };
  const n = Number(t);
  if (!Number.isFinite(n) || n < 0) return { problem: `${label} must be a number of dollars, or empty.` };
  if (wholeCents(n) === null) return { problem: `${label} can have at most 2 decimals.` };
  return { value: n };
}

/**
 * A card's own word on the buylist as typed: fixed offers (empty: by the rules) and a target stock (empty: the
 * rarity's), or the first thing wrong with them.
 */
export function buyCardFields(form: { cash: string; credit: string; target: string }):
  | { problem: string; values?: undefined }
  | {
      problem?: undefined;
      values: { fixed_cash: number | null; fixed_credit: number | null; target_stock: number | null };
    } {
  const cash = dollarsOrEmpty(form.cash, 'The fixed cash offer');
  if ('problem' in cash) return cash;
  const credit = dollarsOrEmpty(form.credit, 'The fixed credit offer');
  if ('problem' in credit) return credit;
  const t = form.target.trim();
  const target = t === '' ? null : Number(t);
  if (target !== null && (!Number.isInteger(target) || target < 0))
    return { problem: 'The target stock must be whole copies, or empty.' };
  return { values: { fixed_cash: cash.value, fixed_credit: credit.value, target_stock: target } };
}

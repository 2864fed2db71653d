import {
  defaultPricingRule,
  messages,
  ZSettingsSaveRequest,
  type ShopSettings,
  defaultReservationLimits,
} from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import {
  exampleMarketCents,
  examplePrices,
  exampleSentence,
  formOf,
  holdHoursProblem,
  pricingOf,
  productHost,
  settingsPayload,
  shopStatus,
  storefrontHost,
  type SettingsForm,
} from './settings-form.ts';

const settings = (over: Partial<ShopSettings> = {}): ShopSettings => ({
  name: 'Owl & Goblin Games',
  subdomain: null,
  shop_hidden: 1,
  is_public: false,
  shop_description: '',
  address: '',
  city: '',
  state: '',
  country: '',
  public_url: null,
  public_access_data: { enabled: false, storefront_path: null },
  pricing: defaultPricingRule,
  low_stock_threshold: 1,
  reservations_enabled: false,
  reservation_hold_hours: 48,
  ...over,
});

const form = (over: Partial<SettingsForm> = {}): SettingsForm => ({ ...formOf(settings()), ...over });

const problemOf = (f: SettingsForm): string | undefined => {
  const checked = settingsPayload(f);
  return checked.ok ? undefined : checked.problem;
};

describe('formOf', () => {
  it('fills the form from the server, floor in dollars and inventory_public as shop_hidden 0', () => {
    const f = formOf(
      settings({
        subdomain: 'owls',
        shop_hidden: 0,
        shop_description: 'Cards and coffee',
        pricing: { ...defaultPricingRule, floor_cents: 5, rounding_cents: 25, language_percent: { ja: 120 } },
        low_stock_threshold: 3,
      }),
    );
    expect(f).toEqual({
      subdomain: 'owls',
      inventoryPublic: true,
      description: 'Cards and coffee',
      markupPercent: '45',
      conditionPercent: { NM: '100', LP: '90', MP: '75', HP: '60', D: '40' },
      languagePercent: {
        de: '100',
        fr: '100',
        it: '100',
        es: '100',
        pt: '100',
        ja: '120',
        ko: '100',
        ru: '100',
        zhs: '100',
        zht: '100',
        ph: '100',
      },
      floorDollars: '0.05',
      roundingCents: '25',
      lowStockThreshold: '3',
      reservationsEnabled: false,
      holdHours: '48',
      // A server without the field (an older one) shows the defaults.
      reservationLimits: {
        max_copies_per_printing: '4',
        max_lines: '20',
        max_total: '1000',
        max_open_per_email: '3',
        max_open_per_address: '5',
        max_held_copies: '500',
        pickup_days: '7',
      },
      // A server without the time zone and hours (before migration 0029) shows none.
      timeZone: '',
      pickupHours: '',
      // A server without the register's settings (before migration 0030): no tax, the default 10 % limit.
      taxRate: '0',
      pricesIncludeTax: false,
      discountLimit: '10',
      returnPolicy: '',
    });
    expect(formOf(settings({ time_zone: 'Europe/Berlin', pickup_hours: 'Mo–Sa 10–18' }))).toMatchObject({
      timeZone: 'Europe/Berlin',
      pickupHours: 'Mo–Sa 10–18',
    });
    expect(
      formOf(settings({ tax_rate_percent: 8.875, prices_include_tax: true, employee_discount_limit_percent: 15 })),
    ).toMatchObject({ taxRate: '8.875', pricesIncludeTax: true, discountLimit: '15' });
    expect(formOf(settings()).subdomain).toBe('');
    expect(formOf(settings()).inventoryPublic).toBe(false);
  });
});

describe('settingsPayload', () => {
  it('round-trips the server’s settings into a body the server accepts', () => {
    const checked = settingsPayload(form({ subdomain: 'owls', inventoryPublic: true, description: ' Hi ' }));
    expect(checked).toEqual({
      ok: true,
      value: {
        subdomain: 'owls',
        shop_hidden: 0,
        shop_description: 'Hi',
        pricing: defaultPricingRule,
        low_stock_threshold: 1,
        reservations_enabled: false,
        reservation_hold_hours: 48,
        reservation_limits: defaultReservationLimits,
        time_zone: '',
        pickup_hours: '',
        tax_rate_percent: 0,
        prices_include_tax: false,
        employee_discount_limit_percent: 10,
        return_policy: '',
      },
    });
    if (checked.ok) expect(ZSettingsSaveRequest.safeParse({ token: 't', ...checked.value }).success).toBe(true);
  });

  it('sends the reservation limits as numbers; a bad one is refused in the server’s words', () => {
    const f = formOf(settings({ reservation_limits: { ...defaultReservationLimits, max_lines: 9 } }));
    expect(f.reservationLimits.max_lines).toBe('9');
    const checked = settingsPayload({ ...f, reservationLimits: { ...f.reservationLimits, max_total: '99.95' } });
    expect(checked.ok && checked.value.reservation_limits).toEqual({
      ...defaultReservationLimits,
      max_lines: 9,
      max_total: 99.95,
    });
    expect(settingsPayload({ ...f, reservationLimits: { ...f.reservationLimits, max_open_per_address: '' } })).toEqual({
      ok: false,
      problem: 'Open reservations per network address must be a number.',
    });
  });

  it('sends the reservation switch and the hold time in whole hours', () => {
    const f = formOf(settings({ reservations_enabled: true, reservation_hold_hours: 72 }));
    expect(f).toMatchObject({ reservationsEnabled: true, holdHours: '72' });
    const checked = settingsPayload({ ...f, holdHours: ' 24 ' });
    expect(checked.ok && checked.value).toMatchObject({ reservations_enabled: true, reservation_hold_hours: 24 });
    expect(problemOf(form({ holdHours: '1' }))).toBeUndefined();
    expect(problemOf(form({ holdHours: '336' }))).toBeUndefined();
  });

  it('refuses a hold time outside 1 to 336 whole hours, in the server’s words, beside the field too', () => {
    const cases: [string, string][] = [
      ['0', 'The hold time must be at least 1 hour.'],
      ['337', 'The hold time must be at most 336 hours (14 days).'],
      ['1.5', 'The hold time must be whole hours.'],
      ['', 'The hold time must be a number of hours.'],
      ['two days', 'The hold time must be a number of hours.'],
    ];
    for (const [holdHours, problem] of cases) {
      expect(problemOf(form({ holdHours })), holdHours).toBe(problem);
      expect(holdHoursProblem({ holdHours }), holdHours).toBe(problem);
    }
    expect(holdHoursProblem({ holdHours: '48' })).toBeUndefined();
  });

  it('sends private as shop_hidden 1 and a blank subdomain as "" (none)', () => {
    const checked = settingsPayload(form());
    expect(checked.ok && checked.value).toMatchObject({ subdomain: '', shop_hidden: 1 });
  });

  it('refuses a tax rate over 30 % or with more than three decimals, and a discount limit over 100 %', () => {
    expect(problemOf(form({ taxRate: '30.5' }))).toBe('The tax rate must be at most 30 %.');
    expect(problemOf(form({ taxRate: '8.8755' }))).toBe('The tax rate can have at most 3 decimals.');
    expect(problemOf(form({ taxRate: '' }))).toBe('The tax rate must be a number.');
    expect(problemOf(form({ discountLimit: '101' }))).toBe('The discount limit must be at most 100 %.');
    expect(problemOf(form({ returnPolicy: 'x'.repeat(501) }))).toBe(
      'The return policy must be at most 500 characters.',
    );
    expect(problemOf(form({ taxRate: '8.875', pricesIncludeTax: true, discountLimit: '0' }))).toBeUndefined();
  });

  it('refuses a low-stock threshold that is not a whole number of copies', () => {
    expect(problemOf(form({ lowStockThreshold: '' }))).toBe('The low-stock threshold must be a number.');
    expect(problemOf(form({ lowStockThreshold: '1.5' }))).toBe('The low-stock threshold must be a whole number.');
    expect(problemOf(form({ lowStockThreshold: '-1' }))).toBe('The low-stock threshold cannot be negative.');
  });

  it('sends only the languages priced otherwise than English', () => {
    const languagePercent = { ...form().languagePercent, de: '80', ja: '100' };
    const checked = settingsPayload(form({ languagePercent }));
    expect(checked.ok && checked.value.pricing?.language_percent).toEqual({ de: 80 });
    expect(problemOf(form({ languagePercent: { ...languagePercent, fr: '' } }))).toBe(
      'The French percentage must be a number.',
    );
  });

  it('stores the floor in cents', () => {
    const checked = settingsPayload(form({ floorDollars: '1.5' }));
    expect(checked.ok && checked.value.pricing?.floor_cents).toBe(150);
  });

  it('refuses a reserved or malformed subdomain with the server’s words', () => {
    expect(problemOf(form({ subdomain: 'admin' }))).toBe(
      'That subdomain is reserved for Cardstock itself. Choose another.',
    );
    const malformed = 'A subdomain has 3 to 63 characters: a-z, 0-9 and hyphens, not at either end.';
    expect(problemOf(form({ subdomain: 'ab' }))).toBe(malformed);
    expect(problemOf(form({ subdomain: '-owls' }))).toBe(malformed);
    expect(problemOf(form({ subdomain: 'a'.repeat(64) }))).toBe(malformed);
  });

  it('refuses a description over 500 characters', () => {
    expect(problemOf(form({ description: 'x'.repeat(501) }))).toBe('The description must be at most 500 characters.');
    expect(problemOf(form({ description: 'x'.repeat(500) }))).toBeUndefined();
  });

  it('refuses blank, negative, oversized and fractional pricing fields', () => {
    expect(problemOf(form({ markupPercent: '' }))).toBe('Markup must be a number.');
    expect(problemOf(form({ markupPercent: 'abc' }))).toBe('Markup must be a number.');
    expect(problemOf(form({ markupPercent: '-1' }))).toBe('Markup cannot be negative.');
    expect(problemOf(form({ conditionPercent: { ...form().conditionPercent, LP: '101' } }))).toBe(
      'LP percentage must be at most 100.',
    );
    expect(problemOf(form({ floorDollars: '0.125' }))).toBe('Floor must be whole cents.');
    expect(problemOf(form({ floorDollars: '' }))).toBe('Floor must be a number.');
    expect(problemOf(form({ roundingCents: '0' }))).toBe('Rounding must be at least 1 cent.');
    expect(problemOf(form({ roundingCents: '2.5' }))).toBe('Rounding must be whole cents.');
  });
});

describe('pricingOf', () => {
  it('gives the rule while the fields are valid, and the first problem otherwise', () => {
    expect(pricingOf(form())).toEqual({ ok: true, value: defaultPricingRule });
    expect(pricingOf(form({ markupPercent: '60' }))).toMatchObject({ ok: true, value: { markup_percent: 60 } });
    expect(pricingOf(form({ markupPercent: '2000' }))).toEqual({ ok: false, problem: 'Markup must be at most 1000.' });
  });
});

describe('the example price', () => {
  it('prices a $10.00 card in every condition with the rule', () => {
    expect(exampleMarketCents).toBe(1000);
    // 1000 × 1.45 = 1450; LP 90% = 1305; MP 75% = 1087.5 → 1088; HP 60% = 870; D 40% = 580.
    expect(examplePrices(defaultPricingRule)).toEqual([
      { quality: 'NM', cents: 1450 },
      { quality: 'LP', cents: 1305 },
      { quality: 'MP', cents: 1088 },
      { quality: 'HP', cents: 870 },
      { quality: 'D', cents: 580 },
    ]);
    expect(exampleSentence(defaultPricingRule)).toBe(
      'A card with a $10.00 market price sells for $14.50 in NM, $13.05 in LP, $10.88 in MP, $8.70 in HP and $5.80 in D.',
    );
  });

  it('follows the markup, the rounding step and the floor', () => {
    const rule = { ...defaultPricingRule, markup_percent: 0, rounding_cents: 25, floor_cents: 500 };
    expect(examplePrices(rule).map((p) => p.cents)).toEqual([1000, 900, 750, 600, 500]);
  });
});

describe('productHost', () => {
  it('is the page’s host, port included', () => {
    expect(productHost('localhost:8080')).toBe('localhost:8080');
    expect(productHost('cardstock.example')).toBe('cardstock.example');
    expect(productHost('127.0.0.1:4400')).toBe('127.0.0.1:4400');
  });

  it('drops a storefront label when the page is on a storefront host', () => {
    expect(productHost('owls.localhost:8080')).toBe('localhost:8080');
    expect(productHost('www.cardstock.example')).toBe('cardstock.example');
  });

  it('shows a subdomain under it', () => {
    expect(storefrontHost('owls', 'localhost:8080')).toBe('owls.localhost:8080');
  });
});

describe('shopStatus', () => {
  it('reads shop_hidden as the visibility and public access as Enabled or Disabled', () => {
    expect(shopStatus(settings())).toEqual({ visibility: 'Private', access: 'Disabled' });
    expect(
      shopStatus(settings({ shop_hidden: 0, public_access_data: { enabled: true, storefront_path: '/shop/o' } })),
    ).toEqual({ visibility: 'Public', access: 'Enabled' });
  });
});

it('keeps its texts in the catalogue', () => {
  expect(messages.settings.notAllowed).toBe('Only the Owner or a Manager can change shop settings.');
});

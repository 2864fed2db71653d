import { messages, ZSealedAddRequest } from '@cardstock/contract';
import { describe, expect, it } from 'vitest';
import { emptySealedForm, sealedFormOf, sealedFormProblem, sealedPayload, type SealedForm } from './sealed-form.ts';

const m = messages.sealed;
const valid: SealedForm = { ...emptySealedForm, name: 'Foundations Bundle', category: 'Bundle', price: '49.99' };

/** The server schema's first message for what the form would send, or undefined when it accepts it. */
function serverProblem(form: SealedForm): string | undefined {
  const body = {
    ...sealedPayload(form),
    // The form sends numbers; blank text is not sent as 0, it is refused as missing.
    price: form.price.trim() ? Number(form.price) : undefined,
    quantity: form.quantity.trim() ? Number(form.quantity) : undefined,
  };
  const parsed = ZSealedAddRequest.safeParse(body);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

describe('sealedFormProblem', () => {
  it.each<[Partial<SealedForm>, string | undefined]>([
    [{}, undefined],
    [{ name: '  ' }, m.nameRequired],
    [{ name: 'x'.repeat(201) }, m.nameTooLong],
    [{ category: 'Sleeves' }, m.categoryInvalid],
    [{ set_code: ' abcdefghijk ' }, m.setCodeTooLong],
    [{ set_code: ' FDN ' }, undefined],
    [{ price: '' }, m.priceRequired],
    [{ price: '-0.01' }, m.priceNegative],
    [{ price: '100000.01' }, m.priceTooHigh],
    [{ price: '100000' }, undefined],
    [{ price: '1.005' }, m.priceCents],
    [{ price: '19.99' }, undefined],
    [{ price: '0' }, undefined],
    [{ quantity: '' }, m.quantityRequired],
    [{ quantity: '1.5' }, m.quantityInvalid],
    [{ quantity: '-1' }, m.quantityNegative],
    [{ quantity: '100001' }, m.quantityTooHigh],
    [{ quantity: '0' }, undefined],
    [{ upc: '' }, undefined],
    [{ upc: '036000291452' }, undefined],
    [{ upc: ' 0 36000 29145 2 ' }, undefined],
    [{ upc: '036000291453' }, m.upcInvalid],
    [{ upc: '12345' }, m.upcInvalid],
    [{ location: ' Shelf   B ' }, undefined],
    [{ location: 'x'.repeat(61) }, messages.inventoryServer.locationTooLong(60)],
  ])('%j → %s, as the server says', (change, expected) => {
    const form = { ...valid, ...change };
    expect(sealedFormProblem(form)).toBe(expected);
    expect(serverProblem(form)).toBe(expected);
  });
});

describe('sealedPayload', () => {
  it('trims, lower-cases the set code and sends numbers', () => {
    expect(sealedPayload({ ...valid, name: ' Foundations Bundle ', set_code: ' FDN ', quantity: '3' })).toEqual({
      name: 'Foundations Bundle',
      category: 'Bundle',
      set_code: 'fdn',
      price: 49.99,
      quantity: 3,
      upc: '',
      location: '',
    });
    expect(sealedPayload({ ...valid, upc: '0 36000 29145 2' }).upc).toBe('036000291452');
  });

  it('round-trips a product through the edit form', () => {
    const item = {
      id: 1,
      name: 'Foundations Bundle',
      category: 'Bundle' as const,
      set_code: 'fdn',
      price: 50,
      quantity: 0,
      updated_at: '2026-01-01T00:00:00.000Z',
      upc: '036000291452',
      location: 'Shelf B',
    };
    expect(sealedFormOf(item)).toEqual({
      name: 'Foundations Bundle',
      category: 'Bundle',
      set_code: 'FDN',
      price: '50.00',
      quantity: '0',
      upc: '036000291452',
      location: 'Shelf B',
    });
    expect(sealedPayload(sealedFormOf(item))).toMatchObject({ set_code: 'fdn', price: 50, quantity: 0 });
    expect(sealedFormOf({ ...item, set_code: null }).set_code).toBe('');
  });
});

import {
  messages,
  sealedCategories,
  sealedLimits,
  amountText,
  gtinOf,
  locationMaxLength,
  locationText,
  wholeCents,
  type SealedCategory,
  type SealedItem,
} from '@cardstock/contract';

/** The add/edit form as typed: every field is text until it is sent. */
export interface SealedForm {
  name: string;
  category: string;
  set_code: string;
  price: string;
  quantity: string;
  /** UPC / EAN, as typed or scanned; blank for none. */
  upc: string;
  /** Where its boxes are kept; blank for nowhere said. */
  location: string;
}

/** What the server's schema accepts for a product (without token and id). */
export interface SealedPayload {
  name: string;
  category: SealedCategory;
  set_code: string;
  price: number;
  quantity: number;
  /** Digits; "" for none. */
  upc: string;
  /** "" for nowhere said. */
  location: string;
}

const m = messages.sealed;

export const emptySealedForm: SealedForm = {
  name: '',
  category: sealedCategories[0],
  set_code: '',
  price: '',
  quantity: '1',
  upc: '',
  location: '',
};

/** The form filled with a product, to edit it. */
export function sealedFormOf(item: SealedItem): SealedForm {
  return {
    name: item.name,
    category: item.category,
    set_code: item.set_code?.toUpperCase() ?? '',
    price: amountText(item.price),
    quantity: String(item.quantity),
    upc: item.upc ?? '',
    location: item.location,
  };
}

const isCategory = (c: string): c is SealedCategory => (sealedCategories as readonly string[]).includes(c);

function priceProblem(text: string): string | undefined {
  if (!text.trim()) return m.priceRequired;
  const price = Number(text);
  if (!Number.isFinite(price)) return m.priceInvalid;
  if (price < 0) return m.priceNegative;
  if (price > sealedLimits.maxPriceDollars) return m.priceTooHigh;
  if (wholeCents(price) === null) return m.priceCents;
  return undefined;
}

function quantityProblem(text: string): string | undefined {
  if (!text.trim()) return m.quantityRequired;
  const quantity = Number(text);
  if (!Number.isInteger(quantity)) return m.quantityInvalid;
  if (quantity < 0) return m.quantityNegative;
  if (quantity > sealedLimits.maxQuantity) return m.quantityTooHigh;
  return undefined;
}

/**
 * The server's checks, in the form's field order, with the server's words:
 * the first problem is shown and nothing is sent while there is one.
 */
export function sealedFormProblem(form: SealedForm): string | undefined {
  const name = form.name.trim();
  if (!name) return m.nameRequired;
  if (name.length > sealedLimits.nameMaxLength) return m.nameTooLong;
  if (!isCategory(form.category)) return m.categoryInvalid;
  if (form.set_code.trim().length > sealedLimits.setCodeMaxLength) return m.setCodeTooLong;
  return (
    priceProblem(form.price) ??
    quantityProblem(form.quantity) ??
    (form.upc.trim() && !gtinOf(form.upc) ? m.upcInvalid : undefined) ??
    (locationText(form.location).length > locationMaxLength
      ? messages.inventoryServer.locationTooLong(locationMaxLength)
      : undefined)
  );
}

/** The body fields of a form that has no problem; a blank set code is sent as "" (no set). */
export function sealedPayload(form: SealedForm): SealedPayload {
  return {
    name: form.name.trim(),
    category: form.category as SealedCategory,
    set_code: form.set_code.trim().toLowerCase(),
    price: Number(form.price),
    quantity: Number(form.quantity),
    upc: form.upc.trim() ? (gtinOf(form.upc) ?? form.upc.trim()) : '',
    location: locationText(form.location),
  };
}

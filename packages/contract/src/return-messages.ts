import { centsToDollars, formatUsd } from './money.ts';

const money = (cents: number) => formatUsd(centsToDollars(cents));

/** Texts of returns at the register (issue 44): the server's answers and refusals. */
export const returnMessages = {
  server: {
    returned: (returnNumber: string, refundCents: number) =>
      refundCents > 0 ? `Return ${returnNumber} done: ${money(refundCents)} refunded.` : `Return ${returnNumber} done.`,
    saleNotFound: (saleNumber: string) => `No sale numbered ${saleNumber} was found in this shop.`,
    lineNotInSale: (line: number, saleNumber: string) => `Line ${line} is not a line of sale ${saleNumber}.`,
    tooMany: (name: string, left: number) =>
      left === 0
        ? `Every copy of ${name} on this sale was already returned.`
        : `Only ${left} ${left === 1 ? 'copy' : 'copies'} of ${name} can still be returned.`,
    refundNotTotal: (dueCents: number, refundCents: number) =>
      `The refund comes to ${money(refundCents)}, but those lines paid ${money(dueCents)}: refund exactly that.`,
    overTender: (kind: string, leftCents: number) =>
      leftCents === 0
        ? `The sale was not paid by ${kind}, or all of it was already refunded: refund another way.`
        : `At most ${money(leftCents)} can go back by ${kind}: what the sale took that way and was not refunded yet.`,
    refundNotPositive: 'Every part of the refund must be more than $0.00.',
    needsDrawer: 'Open your cash drawer before refunding cash.',
    idempotencyMismatch:
      'This Idempotency-Key already recorded a return with other lines or refunds. Send a new key for a new return.',
    receiptSent: (email: string) => `Receipt sent to ${email}.`,
    receiptNeedsAddress: 'This sale has no customer with an e-mail address: type the address to send it to.',
    receiptNotSent: 'The receipt could not be sent just now. Try again in a moment, or print it.',
    creditNeedsCustomer: 'Store credit goes to the sale’s customer, and this sale had none: refund another way.',
  },
} as const;

import { isCentAmount } from '../money.ts';
import { z } from 'zod';
import { decimal, requiredText } from './common.ts';
import { ZSessionToken } from './auth.ts';
import { ZPageText } from './inventory.ts';

/** Customers a page of the customer list holds. */
export const CUSTOMERS_PAGE_SIZE = 50;
/** Ledger entries the customer's page shows, newest first. */
export const CUSTOMER_LEDGER_LIMIT = 200;
/** The largest single store-credit adjustment, in dollars either way. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;

export const ZCustomerId = decimal(
  z
    .number({ error: 'customer_id must be a customer id.' })
    .int('customer_id must be a customer id.')
    .min(1, 'customer_id must be a customer id.')
    .max(2_147_483_647, 'customer_id must be a customer id.'),
);

/** A phone as people write it: digits, spaces and + ( ) - . / only; "" for none. */
export const ZPhone = z
  .string({ error: 'Phone must be text.' })
  .trim()
  .max(40, 'Phone must be at most 40 characters.')
  .regex(/^[0-9+()./\s-]*$/, 'Phone may hold digits, spaces and + ( ) - . / only.');

/** An e-mail or "" for none (a customer may give a phone only). */
export const ZOptionalEmail = z
  .string({ error: 'Email must be text.' })
  .trim()
  .max(254, 'Email must be at most 254 characters.')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'Email must be a valid e-mail address.');

/** Who a customer is, as a person or the kiosk writes it: a name, and an e-mail or a phone (one of them at least). */
export const ZCustomerFields = z
  .object({
    name: requiredText('Name', 100),
    email: ZOptionalEmail.optional().default(''),
    phone: ZPhone.optional().default(''),
  })
  .refine((c) => c.email !== '' || c.phone !== '', {
    path: ['email'],
    message: 'Give an e-mail address or a phone number.',
  });

export const ZCustomer = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().describe('"" when not given'),
  phone: z.string().describe('"" when not given'),
  notes: z.string(),
  tax_exempt: z.boolean().describe('The customer pays no tax at the register (issue 44)'),
  balance: z.number().describe('Store credit in dollars: the sum of the ledger, never below 0'),
  created_at: z.string().describe('UTC ISO-8601'),
});
export type Customer = z.infer<typeof ZCustomer>;

export const creditKinds = ['trade_in', 'order', 'order_refund', 'adjustment'] as const;
export type CreditKind = (typeof creditKinds)[number];

/** One entry of a customer's store-credit ledger (append-only: entries are never changed or removed). */
export const ZCreditEntry = z.object({
  id: z.number().int(),
  kind: z
    .enum(creditKinds)
    .describe(
      'trade_in: credit from a buy order; order: credit spent on an order; order_refund: a rejected order’s credit given back; adjustment: by hand, with a reason',
    ),
  amount: z.number().describe('Dollars: positive adds credit, negative spends it'),
  balance_after: z.number().describe('The balance once this entry was written, in dollars'),
  reason: z.string().describe('An adjustment’s reason; "" otherwise'),
  reference: z.string().describe('The buy order’s or order’s number; "" for an adjustment'),
  actor: z.string().describe('Who wrote it: a staff member’s e-mail'),
  created_at: z.string().describe('UTC ISO-8601'),
});
export type CreditEntry = z.infer<typeof ZCreditEntry>;

export const ZCustomerSearchRequest = z.object({
  token: ZSessionToken,
  q: z
    .string({ error: 'q must be text.' })
    .trim()
    .max(100, 'q must be at most 100 characters.')
    .optional()
    .default('')
    .describe('Words of the name, an e-mail or a phone (digits); "" lists every customer, by name'),
  page: ZPageText,
});

export const ZCustomerSearchResponse = z.object({
  success: z.literal(true),
  data: z.object({
    customers: z.array(ZCustomer),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
  }),
});

export const ZCustomerRequest = z.object({ token: ZSessionToken, customer_id: ZCustomerId });

/** A customer's page: who, the balance, the ledger (newest first) and the buy orders and orders they made. */
export const ZCustomerResponse = z.object({
  success: z.literal(true),
  data: z.object({
    customer: ZCustomer,
    ledger: z.array(ZCreditEntry).describe(`Newest first, the latest ${CUSTOMER_LEDGER_LIMIT}`),
    buy_orders: z.array(
      z.object({
        buy_number: z.string(),
        status: z.string(),
        payout: z.enum(['cash', 'credit']).nullable(),
        total: z.number().describe('Dollars paid (accepted) or offered (pending)'),
        timestamp: z.string(),
      }),
    ),
    orders: z.array(
      z.object({
        order_number: z.string(),
        status: z.string(),
        total: z.number().describe('Dollars'),
        store_credit: z.number().describe('Dollars of it paid with store credit'),
        timestamp: z.string(),
      }),
    ),
  }),
});

export const ZCustomerCreateRequest = z.object({
  token: ZSessionToken,
  customer: ZCustomerFields.and(
    z.object({
      notes: z.string({ error: 'Notes must be text.' }).max(2000, 'Notes must be at most 2,000 characters.').optional(),
      tax_exempt: z
        .boolean({ error: 'tax_exempt must be true or false.' })
        .optional()
        .describe('The customer pays no tax at the register; left out, it stays as it is (false for a new one)'),
    }),
  ),
});

export const ZCustomerUpdateRequest = ZCustomerCreateRequest.extend({ customer_id: ZCustomerId });

export const ZCustomerSavedResponse = z.object({ message: z.string(), customer: ZCustomer });

/** A store-credit adjustment by hand (Owner or Manager): an amount either way and the reason, which is required. */
export const ZCreditAdjustRequest = z.object({
  token: ZSessionToken,
  customer_id: ZCustomerId,
  amount: z
    .number({ error: 'amount must be a number of dollars.' })
    .min(-MAX_CREDIT_ADJUSTMENT, `amount must be at least -$${MAX_CREDIT_ADJUSTMENT}.`)
    .max(MAX_CREDIT_ADJUSTMENT, `amount must be at most $${MAX_CREDIT_ADJUSTMENT}.`)
    .refine((v) => v !== 0, 'amount cannot be 0.')
    .refine(isCentAmount, 'amount can have at most 2 decimals.')
    .describe('Dollars: positive adds credit, negative takes it away (never below a balance of 0)'),
  reason: requiredText('Reason', 500),
});

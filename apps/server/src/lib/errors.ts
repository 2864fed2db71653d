import type { CodeCandidate, ErrorCode } from '@cardstock/contract';

export type { ErrorCode };

/**
 * Every refusal the server makes, mapped to its HTTP status in one place. The
 * code goes on the wire beside the message (`{ message, code }`), so clients
 * decide by it and never by the sentence.
 */
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  SHOP_SUSPENDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  OUT_OF_STOCK: 409,
  NOT_PENDING: 409,
  NO_PRICE: 422,
  IDEMPOTENCY_MISMATCH: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  MAINTENANCE: 503,
  NOT_WANTED: 409,
  // A code scanned at the register (issue 44) that names nothing, or several stock rows to choose from.
  UNKNOWN_CODE: 404,
  AMBIGUOUS_CODE: 409,
  DRAWER_CLOSED: 409,
} as const satisfies Record<ErrorCode, number>;

/** Codes only ever chosen on purpose, never read off a bare status. */
const purposeCodes: readonly ErrorCode[] = [
  'VALIDATION',
  'MAINTENANCE',
  'NO_PRICE',
  'OUT_OF_STOCK',
  'NOT_PENDING',
  'IDEMPOTENCY_MISMATCH',
  'SHOP_SUSPENDED',
  'NOT_WANTED',
  'UNKNOWN_CODE',
  'AMBIGUOUS_CODE',
  'DRAWER_CLOSED',
];

/** The codes that name a status in general. */
const generalCodes: readonly ErrorCode[] = (Object.keys(errorStatus) as ErrorCode[]).filter(
  (code) => !purposeCodes.includes(code),
);

/** The code of a refusal made elsewhere (Fastify, a plugin) that carries only a status. */
export function codeOfStatus(status: number): ErrorCode {
  // Statuses no code names (405, 411, 414, …) are still the caller's mistake, or ours.
  return generalCodes.find((code) => errorStatus[code] === status) ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL');
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: {
      errors?: { field: string; message: string }[];
      retryAfterSeconds?: number;
      /** AMBIGUOUS_CODE from quick add: the printings to pick from. */
      candidates?: CodeCandidate[];
    },
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

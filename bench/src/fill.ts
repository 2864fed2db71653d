import type { SellLine } from './buylist.ts';
import type { Scenario } from './scenarios.ts';

/**
 * The scenario with the shop's token for $TOKEN, stocked printings for $CARD, $CARD2 and $CARD3, a sell list for
 * "$SELL", a register sale's five lines for "$REGISTER" (register i's on connection i), and a request for each of
 * `codes` in turn where a body has "$CODE".
 */
export function withToken(
  s: Scenario,
  token: string,
  cards: string[] = [],
  sell: SellLine[] = [],
  registers: unknown[][] = [],
  codes: string[] = [],
): Scenario {
  const filled = (body: unknown, register: unknown[] = registers[0] ?? []): unknown =>
    body === undefined
      ? undefined
      : (JSON.parse(
          JSON.stringify(body)
            .replaceAll('"$SELL"', JSON.stringify(sell))
            .replaceAll('"$REGISTER"', JSON.stringify(register))
            .replaceAll('$TOKEN', token)
            .replaceAll('$CARD3', cards[2] ?? '')
            .replaceAll('$CARD2', cards[1] ?? '')
            .replaceAll('$CARD', cards[0] ?? ''),
        ) as unknown);
  /** Whether a request's body (a GET has none) holds this placeholder. */
  const holds = (body: unknown, placeholder: string) =>
    body !== undefined && JSON.stringify(body).includes(`"${placeholder}"`);
  const first = s.requests[0]?.body;
  const perRegister = registers.length > 1 && holds(first, '$REGISTER');
  const perCode = (r: Scenario['requests'][number]) =>
    holds(r.body, '$CODE')
      ? codes.map((code) => ({
          ...r,
          body: JSON.parse(JSON.stringify(filled(r.body)).replaceAll('"$CODE"', JSON.stringify(code))) as unknown,
        }))
      : [{ ...r, body: filled(r.body) }];
  return {
    ...s,
    requests: s.requests.flatMap(perCode),
    ...(perRegister ? { perConnection: registers.map((register) => filled(first, register)) } : {}),
  };
}

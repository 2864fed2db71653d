import {
  centsToDollars,
  finishOf,
  importReviewLimit,
  messages,
  type ImportCandidate,
  type ImportLineAsWritten,
  type ImportReport,
  type ImportReview,
} from '@cardstock/contract';
import type { CardKey } from './csv-catalog.repository.ts';
import type { CsvLine } from './csv-formats.ts';
import type { Resolution } from './import-printings.ts';

/** A line as a refusal names it: its card name and whatever ids it gave. */
const describeLine = (l: CsvLine) =>
  [
    l.name ? `"${l.name}"` : undefined,
    l.setCode ? `set ${l.setCode.toUpperCase()}` : l.setName ? `set "${l.setName}"` : undefined,
    l.collectorNumber ? `#${l.collectorNumber}` : undefined,
    l.scryfallId ? `Scryfall ID ${l.scryfallId}` : undefined,
    l.tcgplayerId ? `TCGplayer product ${l.tcgplayerId}` : undefined,
    l.cardmarketId ? `Cardmarket product ${l.cardmarketId}` : undefined,
    l.mtgoId ? `MTGO ID ${l.mtgoId}` : undefined,
  ]
    .filter(Boolean)
    .join(' ') || 'this line';

/** The printing's market price in the line's finish, in dollars (cents in the catalog). */
const marketPrice = (card: CardKey, finish: string) => {
  const cents = finish === 'foil' ? card.price_usd_foil : finish === 'etched' ? card.price_usd_etched : card.price_usd;
  return cents === null ? null : centsToDollars(cents);
};

const candidateOf = (card: CardKey, finish: string): ImportCandidate => ({
  scryfall_id: card.id,
  name: card.name,
  set_code: card.set_code,
  set_name: card.set_name,
  collector_number: card.collector_number,
  finishes: card.finishes.split(',').filter(Boolean).map(finishOf),
  image: card.image_small,
  price: marketPrice(card, finish),
});

/** A review line as its file wrote it: what the owner compares each candidate with. */
const asWritten = (l: CsvLine): ImportLineAsWritten => ({
  ...(l.setCode ? { set_code: l.setCode } : {}),
  ...(l.setName ? { set_name: l.setName } : {}),
  ...(l.collectorNumber ? { collector_number: l.collectorNumber } : {}),
  finish: l.finish,
  quality: l.quality,
  language: l.language,
  quantity: l.quantity,
  ...(l.scryfallId ? { scryfall_id: l.scryfallId } : {}),
  ...(l.tcgplayerId
    ? { tool_id: `TCGplayer product ${l.tcgplayerId}` }
    : l.cardmarketId
      ? { tool_id: `Cardmarket product ${l.cardmarketId}` }
      : l.mtgoId
        ? { tool_id: `MTGO ID ${l.mtgoId}` }
        : {}),
});

/** Whether the printing is made in the finish. */
export const hasFinish = (card: CardKey, finish: string) => card.finishes.split(',').includes(finish);

/**
 * The printing a line is stocked as: its one printing, or the one the owner picked among its candidates. A line
 * with none is refused (and, with candidates, listed for review), told in `refused` and `review`.
 */
export function choosePrinting(
  line: CsvLine,
  resolution: Resolution | undefined,
  picks: ReadonlyMap<number, string> | undefined,
  refused: ImportReport['refused'],
  review: ImportReview[],
): CardKey | undefined {
  if (!resolution) {
    refused.push({ line: line.line, reason: messages.inventoryServer.noPrinting(describeLine(line)) });
    return undefined;
  }
  if ('problem' in resolution) {
    refused.push({ line: line.line, reason: resolution.problem });
    return undefined;
  }
  if ('card' in resolution) return resolution.card;
  const picked = picks?.get(line.line);
  const choice = picked ? resolution.candidates.find((c) => c.id === picked) : undefined;
  if (choice) return choice;
  const { candidates } = resolution;
  refused.push({
    line: line.line,
    reason: picked
      ? messages.inventoryServer.pickNotCandidate(line.line)
      : messages.inventoryServer.severalPrintings(describeLine(line), candidates.length),
  });
  review.push({
    line: line.line,
    name: line.name,
    candidates: candidates.slice(0, importReviewLimit).map((c) => candidateOf(c, line.finish)),
    file: asWritten(line),
    in_catalog: !resolution.missing,
  });
  return undefined;
}

import { finishes, languages, qualities } from '@cardstock/contract';
import type { CardKey } from './csv-catalog.repository.ts';
import type { StockFields } from './inventory.repository.ts';

/** What an import keeps of a printing: once per printing, however many of the file's lines name it. */
interface ImportCard {
  id: string;
  name: string;
  sort_name: string;
  set_code: string;
  collector_number: string;
}

/** What tells a shop's rows of one printing apart: the rest of the table's unique `inventory_row`. */
export interface RowTraits {
  finish: string;
  quality: string;
  language: string;
  signed?: number | boolean;
  altered?: number | boolean;
}

/** A row an import will add, or add to, as the write and the report's sample read it. */
export interface PendingRow extends StockFields {
  card_id: string;
  /** Cents; null keeps the row's (or the pricing rule's) price. */
  asking_price: number | null;
  /** Where the copies are kept; null keeps the row's. */
  location: string | null;
  sort_name: string;
  set_code: string;
  /** How many of the file's lines it adds up. */
  lines: number;
  /** For the report's sample of changes. */
  name: string;
  collector_number: string;
}

/** Finish, condition, language and the two flags as one number below {@link TRAITS}; -1 for a value not stocked. */
function traitsOf(r: RowTraits): number {
  const finish = finishes.indexOf(r.finish as never);
  const quality = qualities.indexOf(r.quality as never);
  const language = languages.indexOf(r.language as never);
  if (finish < 0 || quality < 0 || language < 0) return -1;
  return (
    (((language * qualities.length + quality) * finishes.length + finish) * 2 + (r.signed ? 1 : 0)) * 2 +
    (r.altered ? 1 : 0)
  );
}

const TRAITS = languages.length * qualities.length * finishes.length * 4;

/**
 * The stock rows an import writes, a few numbers each: the file's lines of the same printing, finish, condition,
 * language and flags add up, as they would one by one. A 50 MB file is some 340,000 rows; kept as objects with
 * their key and strings they were most of the server's peak, so a printing's names are kept once and a row is its
 * printing's number, its traits in one number, its quantity, asking price and count of lines.
 */
export class ImportRows {
  private readonly cards: ImportCard[] = [];
  private readonly cardAt = new Map<string, number>();
  /** Row by key (printing × {@link TRAITS} + traits). */
  private readonly rowAt = new Map<number, number>();
  private readonly card: number[] = [];
  private readonly traits: number[] = [];
  private readonly quantities: number[] = [];
  /** Cents; -1 when the file gave none. */
  private readonly asking: number[] = [];
  /** The row's location as a number in `places`; -1 when the file gave none. */
  private readonly location: number[] = [];
  private readonly places: string[] = [];
  private readonly placeAt = new Map<string, number>();
  private readonly lines: number[] = [];

  get size(): number {
    return this.card.length;
  }

  /** Adds a line's copies (and its asking price and location, which replace an earlier line's) to its row. */
  add(card: CardKey, line: RowTraits & { quantity: number; location?: string }, askingCents: number | null): void {
    const traits = traitsOf(line);
    if (traits < 0)
      throw new Error(`An import line of a finish, condition or language not stocked: ${JSON.stringify(line)}`);
    let at = this.cardAt.get(card.id);
    if (at === undefined) {
      const { id, name, sort_name, set_code, collector_number } = card;
      this.cardAt.set(id, (at = this.cards.push({ id, name, sort_name, set_code, collector_number }) - 1));
    }
    const key = at * TRAITS + traits;
    const place = line.location === undefined ? -1 : this.placeOf(line.location);
    const row = this.rowAt.get(key);
    if (row === undefined) {
      this.rowAt.set(key, this.card.length);
      this.card.push(at);
      this.traits.push(traits);
      this.quantities.push(line.quantity);
      this.asking.push(askingCents ?? -1);
      this.location.push(place);
      this.lines.push(1);
      return;
    }
    this.quantities[row]! += line.quantity;
    this.lines[row]!++;
    if (askingCents !== null) this.asking[row] = askingCents;
    if (place >= 0) this.location[row] = place;
  }

  /** A location's number: a file names few places for many rows. */
  private placeOf(location: string): number {
    let at = this.placeAt.get(location);
    if (at === undefined) this.placeAt.set(location, (at = this.places.push(location) - 1));
    return at;
  }

  /** The row of a stock row's key, -1 when the file names none. */
  indexOf(r: RowTraits & { card_id: string }): number {
    const at = this.cardAt.get(r.card_id);
    const traits = traitsOf(r);
    return at === undefined || traits < 0 ? -1 : (this.rowAt.get(at * TRAITS + traits) ?? -1);
  }

  quantity(row: number): number {
    return this.quantities[row]!;
  }

  /** The printings the rows are of, each once. */
  cardIds(): string[] {
    return this.cards.map((c) => c.id);
  }

  /** Copies in all rows. */
  copies(): number {
    return this.quantities.reduce((n, q) => n + q, 0);
  }

  /** Row `row` as the write and the report read it (made when asked, a chunk at a time). */
  row(row: number): PendingRow {
    const card = this.cards[this.card[row]!]!;
    let traits = this.traits[row]!;
    const altered = traits % 2;
    const signed = (traits = Math.floor(traits / 2)) % 2;
    const finish = (traits = Math.floor(traits / 2)) % finishes.length;
    const quality = (traits = Math.floor(traits / finishes.length)) % qualities.length;
    const language = Math.floor(traits / qualities.length);
    const asking = this.asking[row]!;
    const place = this.location[row]!;
    return {
      card_id: card.id,
      finish: finishes[finish]!,
      quality: qualities[quality]!,
      language: languages[language]!,
      signed,
      altered,
      quantity: this.quantities[row]!,
      asking_price: asking < 0 ? null : asking,
      location: place < 0 ? null : this.places[place]!,
      sort_name: card.sort_name,
      set_code: card.set_code,
      lines: this.lines[row]!,
      name: card.name,
      collector_number: card.collector_number,
    };
  }
}

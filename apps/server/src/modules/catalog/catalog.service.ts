import { centsToDollars, messages, routes } from '@cardstock/contract';
import { AppError } from '../../lib/errors.ts';
import { Serialized } from '../../lib/route.ts';
import type { AppContext } from '../../context.ts';
import { toCardDetails, toPrinting, toSearchHit } from './catalog.mapper.ts';
import { catalogRepository as repo } from './catalog.repository.ts';
import { NameIndex } from './name-index.ts';
import { normalizeName } from './scryfall-card.ts';

/** How often a server checks whether an import (possibly by another process) changed the catalog. */
const FRESHNESS_CHECK_MS = 10_000;
const SEARCH_LIMIT = 20;
const SUGGEST_LIMIT = 10;
const ANSWER_CACHE_SIZE = 5000;

export function createCatalogService(ctx: AppContext) {
  let index: NameIndex | undefined;
  let indexVersion = '';
  let checkedAt = 0;
  let building: Promise<NameIndex> | undefined;

  async function rebuild(version: string): Promise<NameIndex> {
    const started = Date.now();
    const next = new NameIndex(await repo.listForIndex(ctx.db));
    index = next;
    indexVersion = version;
    ctx.log.info({ cards: next.size, ms: Date.now() - started }, 'card name index built');
    return next;
  }

  /** The current index; after a catalog change the old one answers until the new one is ready. */
  async function currentIndex(): Promise<NameIndex> {
    const now = Date.now();
    if (index && now - checkedAt < FRESHNESS_CHECK_MS) return index;
    checkedAt = now;
    building ??= repo
      .version(ctx.db)
      .then((version) => (index && version === indexVersion ? index : rebuild(version)))
      .finally(() => {
        building = undefined;
      });
    return index ?? building;
  }

  // Answers as typed are asked again and again; keep them serialized until the index changes.
  let answers = new Map<string, Serialized>();
  let answersOf: NameIndex | undefined;
  function remembered(key: string, index: NameIndex, make: () => Serialized): Serialized {
    if (answersOf !== index) {
      answers = new Map();
      answersOf = index;
    }
    let answer = answers.get(key);
    if (!answer) {
      if (answers.size >= ANSWER_CACHE_SIZE) answers.delete(answers.keys().next().value!);
      answer = make();
      answers.set(key, answer);
    }
    return answer;
  }

  return {
    async search(q: string) {
      const index = await currentIndex();
      return remembered(`search:${normalizeName(q)}`, index, () => {
        const { total, cards } = index.search(q, SEARCH_LIMIT);
        return Serialized.of(routes.cardSearch.response, {
          object: 'list',
          total_cards: total,
          data: cards.map(toSearchHit),
        });
      });
    },

    async suggest(q: string) {
      const index = await currentIndex();
      return remembered(`suggest:${normalizeName(q)}`, index, () =>
        Serialized.of(
          routes.suggest.response,
          index.search(q, SUGGEST_LIMIT).cards.map((c) => ({ name: c.name, set: c.set_code })),
        ),
      );
    },

    async get(id: string) {
      const row = await repo.findById(ctx.db, id);
      if (!row) throw new AppError('NOT_FOUND', messages.catalog.cardNotFound);
      return toCardDetails(row);
    },

    /** A printing's kept market prices, in dollars, oldest first. */
    async priceHistory(id: string) {
      const row = await repo.findById(ctx.db, id);
      if (!row) throw new AppError('NOT_FOUND', messages.catalog.cardNotFound);
      const points = await repo.priceHistory(ctx.db, id);
      return {
        object: 'list' as const,
        data: points.map((p) => ({
          day: p.day,
          usd: centsToDollars(p.usd),
          usd_foil: centsToDollars(p.usd_foil),
          usd_etched: centsToDollars(p.usd_etched),
        })),
      };
    },

    async prints(id: string) {
      const row = await repo.findById(ctx.db, id);
      if (!row) throw new AppError('NOT_FOUND', messages.catalog.cardNotFound);
      return { object: 'list' as const, data: (await repo.listPrints(ctx.db, row)).map(toPrinting) };
    },

    /** Forces the next search to look at the catalog again (after an import in this process). */
    invalidate() {
      checkedAt = 0;
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

import { withTransaction } from '../../db/database.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AppContext } from '../../context.ts';
import { authRepository } from '../auth/auth.repository.ts';
import { startTrial } from '../billing/trial.ts';
import { catalogRepository } from '../catalog/catalog.repository.ts';
import { importRepository } from '../inventory/import.repository.ts';
import { demoCatalog } from './demo-catalog.ts';
import type { AuthService } from '../auth/auth.service.ts';

export const DEMO_OWNER = { email: 'owner@demo.cardstock.local', password: 'cardstock-demo' } as const;
/** A platform superadmin, so the admin area (/admin) can be tried on the demo data. */
export const DEMO_ADMIN = { email: 'admin@demo.cardstock.local', password: 'cardstock-admin' } as const;

/**
 * Outside production: on an empty catalog loads the demo catalog; on a
 * database without shops creates the demo shop, public at subdomain `demo`,
 * with its Owner, stock to browse and order, and prints the login and a
 * fresh invite code. Answers whether it created the shop.
 */
export async function ensureDemoData(ctx: AppContext, auth: AuthService): Promise<boolean> {
  if (!ctx.config.demo) return false;
  const anyCard = await ctx.db.selectFrom('cards').select('id').limit(1).executeTakeFirst();
  if (!anyCard) {
    const rows = demoCatalog(ctx.clock.now().toISOString());
    await withTransaction(ctx.db, (tx) => catalogRepository.upsert(tx, rows));
    console.log(`Demo catalog loaded: ${rows.length} printings (npm run cli -- cards import FILE loads real data).`);
  }
  const anyShop = await ctx.db.selectFrom('shops').select('id').limit(1).executeTakeFirst();
  if (anyShop) return false;
  const passwordHash = await hashPassword(DEMO_OWNER.password);
  const adminHash = await hashPassword(DEMO_ADMIN.password);
  const at = ctx.clock.now().toISOString();
  await withTransaction(ctx.db, async (tx) => {
    const shopId = await authRepository.insertShop(tx, {
      name: 'Demo Card Shop',
      address: '1 Library Lane',
      phone: '555-0100',
      city: 'Portland',
      zip: '97201',
      state: 'OR',
      country: 'United States',
      created_at: at,
    });
    await startTrial(tx, shopId, ctx);
    await tx
      .updateTable('shops')
      .set({
        subdomain: 'demo',
        shop_hidden: 0,
        description: 'Singles, sealed product and friendly Friday Night Magic.',
        // Its storefront takes reservations (48 hours' hold), so the cart can be tried.
        reservations_enabled: 1,
      })
      .where('id', '=', shopId)
      .execute();
    // Something to browse, order and sell: every demo printing in stock, and a few sealed products.
    const printings = await tx
      .selectFrom('cards')
      .select(['id', 'sort_name', 'set_code', 'finishes'])
      .limit(60)
      .execute();
    await importRepository.addMany(
      tx,
      printings.map((card, i) => ({
        shop_id: shopId,
        card_id: card.id,
        finish: card.finishes.split(',').includes('nonfoil') ? 'nonfoil' : (card.finishes.split(',')[0] ?? 'nonfoil'),
        quality: i % 5 === 4 ? 'LP' : 'NM',
        // A few copies in other languages, as a real shop's binder has.
        language: i % 11 === 5 ? 'de' : i % 13 === 7 ? 'ja' : 'en',
        // And a signed copy or an altered one, kept as rows of their own.
        signed: i % 17 === 9 ? 1 : 0,
        altered: i % 19 === 14 ? 1 : 0,
        quantity: (i % 6) + (i % 7 === 3 ? 0 : 1),
        // Where a shop keeps them: binders by set, a box for the rest.
        location: i % 4 === 3 ? 'Box A-04' : `Binder ${(i % 3) + 1}`,
        asking_price: null,
        sort_name: card.sort_name,
        set_code: card.set_code,
      })),
      at,
    );
    await tx
      .insertInto('sealed_products')
      .values(
        [
          { name: 'Play Booster Box', category: 'Booster Box', set_code: 'fdn', price: 14_999, quantity: 4 },
          { name: 'Collector Booster', category: 'Collector Booster', set_code: 'fdn', price: 2_999, quantity: 12 },
          { name: 'Starter Kit', category: 'Starter Deck', set_code: '', price: 1_499, quantity: 6 },
        ].map((p) => ({ ...p, shop_id: shopId, location: 'Shelf B', created_at: at, updated_at: at })),
      )
      .execute();
    await authRepository.insertUser(tx, {
      shop_id: shopId,
      email: DEMO_OWNER.email,
      password_hash: passwordHash,
      first_name: 'Dana',
      last_name: 'Demo',
      role: 'Owner',
      created_at: at,
    });
    await authRepository.insertUser(tx, {
      shop_id: null,
      email: DEMO_ADMIN.email,
      password_hash: adminHash,
      first_name: 'Avery',
      last_name: 'Admin',
      role: null,
      platform_role: 'superadmin',
      created_at: at,
    });
  });
  const invite = await auth.createInvite({ note: 'demo' });
  const lines = [
    'Demo shop created: "Demo Card Shop" (subdomain demo, public)',
    `  Owner login:  ${DEMO_OWNER.email} / ${DEMO_OWNER.password}`,
    `  Admin login:  ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password} (platform superadmin, /admin)`,
    `  Invite code for registering another shop: ${invite}`,
  ];
  console.log(`\n${lines.join('\n')}\n`);
  return true;
}

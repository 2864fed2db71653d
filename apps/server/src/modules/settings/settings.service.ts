import {
  messages,
  pricingRuleOf,
  reservationLimitsOf,
  storefrontAddress,
  type PricingRule,
  type ReservationLimits,
  type ShopSettings,
  percentOfThousandths,
  percentThousandths,
} from '@cardstock/contract';
import { isUniqueViolation, withTransaction } from '../../db/database.ts';
import { requireRole } from '../../lib/access.ts';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import type { AppContext } from '../../context.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { settingsRepository as repo } from './settings.repository.ts';

/** The storefront's own address: one function with the screens (the contract's). */
const storefrontUrl = storefrontAddress;

export function createSettingsService(ctx: AppContext) {
  return {
    async get(actor: Actor): Promise<ShopSettings> {
      const { shopId } = requireRole(actor, 'settings');
      const shop = await repo.shop(ctx.db, shopId);
      const hidden = shop.shop_hidden === 0 ? 0 : 1;
      const isPublic = hidden === 0 && shop.subdomain !== null;
      return {
        name: shop.name,
        subdomain: shop.subdomain,
        shop_hidden: hidden,
        is_public: isPublic,
        shop_description: shop.description,
        address: shop.address,
        city: shop.city,
        state: shop.state,
        country: shop.country,
        public_url: shop.subdomain ? storefrontUrl(ctx.config.publicUrl, shop.subdomain) : null,
        public_access_data: {
          enabled: isPublic,
          storefront_path: shop.subdomain ? `/shop/${shop.subdomain}` : null,
        },
        pricing: pricingRuleOf(shop.pricing),
        low_stock_threshold: shop.low_stock_threshold,
        reservations_enabled: shop.reservations_enabled === 1,
        reservation_hold_hours: shop.reservation_hold_hours,
        reservation_limits: reservationLimitsOf(shop.reservation_limits),
        time_zone: shop.time_zone,
        pickup_hours: shop.pickup_hours,
        tax_rate_percent: percentOfThousandths(shop.tax_rate_thousandths),
        prices_include_tax: shop.prices_include_tax === 1,
        employee_discount_limit_percent: shop.employee_discount_limit_percent,
        return_policy: shop.return_policy,
      };
    },

    /** Saves what the form sends; a subdomain another shop has is refused, and nothing is half-saved. */
    async save(
      actor: Actor,
      input: {
        subdomain: string;
        shop_hidden: number;
        shop_description?: string;
        pricing?: Omit<PricingRule, 'language_percent'> & Partial<Pick<PricingRule, 'language_percent'>>;
        low_stock_threshold?: number;
        reservations_enabled?: boolean;
        reservation_hold_hours?: number;
        reservation_limits?: Partial<ReservationLimits>;
        time_zone?: string;
        pickup_hours?: string;
        tax_rate_percent?: number;
        prices_include_tax?: boolean;
        employee_discount_limit_percent?: number;
        return_policy?: string;
      },
    ) {
      const { shopId, email } = requireRole(actor, 'settings');
      const subdomain = input.subdomain === '' ? null : input.subdomain;
      try {
        await withTransaction(ctx.db, async (tx) => {
          if (subdomain) {
            const owner = await repo.subdomainOwner(tx, subdomain);
            if (owner && owner.id !== shopId) throw new AppError('CONFLICT', messages.settingsServer.subdomainTaken);
          }
          // A rule sent without language percentages keeps the ones the shop has (clients of the spec know none).
          const pricing: PricingRule | undefined = input.pricing && {
            ...input.pricing,
            language_percent:
              input.pricing.language_percent ?? pricingRuleOf((await repo.shop(tx, shopId)).pricing).language_percent,
          };
          // Limits sent in part keep the others as the shop has them.
          const limits: ReservationLimits | undefined = input.reservation_limits && {
            ...reservationLimitsOf((await repo.shop(tx, shopId)).reservation_limits),
            ...input.reservation_limits,
          };
          // The register's settings (issue 44), each only when sent; the rate kept in thousandths of a percent.
          const register = {
            ...(input.tax_rate_percent !== undefined
              ? { tax_rate_thousandths: percentThousandths(input.tax_rate_percent) }
              : {}),
            ...(input.prices_include_tax !== undefined ? { prices_include_tax: Number(input.prices_include_tax) } : {}),
            ...(input.employee_discount_limit_percent !== undefined
              ? { employee_discount_limit_percent: input.employee_discount_limit_percent }
              : {}),
            ...(input.return_policy !== undefined ? { return_policy: input.return_policy } : {}),
          };
          await repo.save(tx, shopId, {
            subdomain,
            shop_hidden: input.shop_hidden,
            ...(input.shop_description !== undefined ? { description: input.shop_description } : {}),
            ...(pricing ? { pricing: JSON.stringify(pricing) } : {}),
            ...(input.low_stock_threshold !== undefined ? { low_stock_threshold: input.low_stock_threshold } : {}),
            ...(input.reservations_enabled !== undefined
              ? { reservations_enabled: Number(input.reservations_enabled) }
              : {}),
            ...(input.reservation_hold_hours !== undefined
              ? { reservation_hold_hours: input.reservation_hold_hours }
              : {}),
            ...(limits ? { reservation_limits: JSON.stringify(limits) } : {}),
            ...(input.time_zone !== undefined ? { time_zone: input.time_zone } : {}),
            ...(input.pickup_hours !== undefined ? { pickup_hours: input.pickup_hours } : {}),
            ...register,
          });
          await auditRepository.record(tx, {
            shop_id: shopId,
            actor: email,
            action: 'settings.save',
            subject: 'shop',
            detail: {
              subdomain,
              shop_hidden: input.shop_hidden,
              pricing: pricing ?? null,
              low_stock_threshold: input.low_stock_threshold ?? null,
              reservations_enabled: input.reservations_enabled ?? null,
              reservation_hold_hours: input.reservation_hold_hours ?? null,
              reservation_limits: limits ?? null,
              time_zone: input.time_zone ?? null,
              pickup_hours: input.pickup_hours ?? null,
              // Only when sent, so an entry saved without them reads as before (issue 44).
              ...(input.tax_rate_percent !== undefined ? { tax_rate_percent: input.tax_rate_percent } : {}),
              ...(input.prices_include_tax !== undefined ? { prices_include_tax: input.prices_include_tax } : {}),
              ...(input.employee_discount_limit_percent !== undefined
                ? { employee_discount_limit_percent: input.employee_discount_limit_percent }
                : {}),
              ...(input.return_policy !== undefined ? { return_policy: input.return_policy } : {}),
            },
            created_at: ctx.clock.now().toISOString(),
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('CONFLICT', messages.settingsServer.subdomainTaken);
        throw err;
      }
      return { message: messages.settingsServer.saved };
    },
  };
}

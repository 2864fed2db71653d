import { messages } from '@cardstock/contract';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CardImage } from '../../components/CardImage.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { call, errorText } from '../../lib/api.ts';
import { shopName, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { shopPagesFor } from '../../lib/shop-pages.ts';
import { PageSearch } from './PageSearch.tsx';
import './shop-home.css';

const { shopHome } = messages;

/** Where a card of the grid leads: the card-details page with the four parameters of spec 001 §2.7. */
export function cardDetailsHref(card: { inv_pkey: number; card_scryfallid: string; card_uuid: string }, shop: string) {
  const query = new URLSearchParams({
    inv_pkey: String(card.inv_pkey),
    scryfallid: card.card_scryfallid,
    shopname: shop,
    uuid: card.card_uuid,
  });
  return `/card-details?${query.toString()}`;
}

/**
 * The demo shop home page (spec 001 §2.7): the shop's name, a search over the
 * app's pages, and the first page of its cards as pictures. Its own staff see
 * it even while the shop is private (the call carries their session).
 */
export function ShopHomePage() {
  const shop = shopName() ?? '';
  useTitle(shop || 'Shop Home');
  const inventory = useQuery({
    queryKey: ['shop-home', shop],
    queryFn: () =>
      call('shopWebsiteInventory', { body: { shopname: shop, page: '1', filter: '' } }, shopHome.loadFailed),
    enabled: Boolean(shop),
    retry: false,
  });
  const cards = inventory.data?.inventory ?? [];

  return (
    <section className="page shop-home">
      <PageHeader title={inventory.data?.shop_name ?? shop} />
      <PageSearch pages={shopPagesFor(userRole())} />
      <h2>{shopHome.cardInventory}</h2>
      {inventory.isPending ? (
        <p className="loading">{messages.common.loading}</p>
      ) : inventory.isError ? (
        <p className="form-error" role="alert">
          {errorText(inventory.error, messages.common.noResponse)}
        </p>
      ) : cards.length === 0 ? (
        <p className="empty">{messages.ordering.noInventory}</p>
      ) : (
        <>
          <ul className="shop-home-grid">
            {cards.map((card) => (
              <li key={card.inv_pkey}>
                <Link to={cardDetailsHref(card, shop)} title={`${card.card_name} (${card.card_setCode.toUpperCase()})`}>
                  <CardImage
                    src={card.card_image_normal ?? card.card_image_small}
                    name={card.card_name}
                    width={223}
                    height={310}
                  />
                </Link>
              </li>
            ))}
          </ul>
          {(inventory.data?.total_pages ?? 1) > 1 && (
            <p className="shop-home-more">
              {shopHome.firstPageOnly(cards.length)} <Link to="/inventory-management">{shopHome.seeAll}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}

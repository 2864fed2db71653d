import { priceWithSource } from './price.ts';

/** What customers pay for a row and where it comes from (own price or pricing rule); "No price" stands out. */
export function PriceWithSource({ price, asking }: { price: number | null; asking: number | null }) {
  const { text, source } = priceWithSource(price, asking);
  if (!source) return <span className="text-error">{text}</span>;
  return (
    <span className="price-with-source">
      {text} <small className="muted">{source}</small>
    </span>
  );
}

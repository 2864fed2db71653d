import type { Language } from '@cardstock/contract';
import { cardPageUrl } from '../lib/scryfall.ts';
import { CardNameLink } from './CardNameLink.tsx';
import { FlagTags } from './FlagTags.tsx';
import { LanguageTag } from './LanguageTag.tsx';

/** A line's card name: its Scryfall page in a new tab, with the large preview on hover, and its language's and flags' tags. */
export function OrderCardLink({
  item,
}: {
  item: {
    scryfall_id: string;
    card_name: string;
    set_code: string;
    kind?: 'single' | 'sealed';
    language?: Language;
    signed?: boolean;
    altered?: boolean;
  };
}) {
  // A sealed product has no card page: its name, marked as sealed.
  if (item.kind === 'sealed')
    return (
      <span>
        {item.card_name} <span className="badge">Sealed</span>
      </span>
    );
  return (
    <>
      <CardNameLink id={item.scryfall_id} name={item.card_name} href={cardPageUrl(item.card_name, item.set_code)} />
      {item.language && <LanguageTag language={item.language} />}
      <FlagTags signed={item.signed} altered={item.altered} />
    </>
  );
}

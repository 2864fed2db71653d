import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Being built: see issue #11. */
export function StatsPage() {
  return <PlaceholderPage title="Store Statistics" />;
}

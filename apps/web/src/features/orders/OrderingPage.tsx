import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Being built: see issue #6. */
export function OrderingPage() {
  return <PlaceholderPage title="OrderingPage" />;
}

import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Being built: see issue #11. */
export function SettingsPage() {
  return <PlaceholderPage title="Shop Settings" />;
}

import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Being built: see issue #8. */
export function TeamPage() {
  return <PlaceholderPage title="Sub-Account Management" />;
}

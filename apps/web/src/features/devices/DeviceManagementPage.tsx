import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** Being built: see issue #7. */
export function DeviceManagementPage() {
  return <PlaceholderPage title="Device Management" />;
}

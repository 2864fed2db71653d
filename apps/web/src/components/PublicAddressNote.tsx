import { messages } from '@cardstock/contract';
import { usePublicConfig } from '../lib/use-public-config.ts';

/**
 * Said to the owner where links leave the platform (Settings, Device Management; issue 38): with no PUBLIC_URL the
 * pairing QR code and the mail links point at the local default address, which a tablet or a customer cannot open.
 */
export function PublicAddressNote() {
  const config = usePublicConfig().data;
  if (!config || config.public_url_configured !== false) return null;
  return (
    <p className="callout callout-warning" role="note" data-testid="public-address-note">
      {messages.settings.publicUrlMissing(config.public_url)}
    </p>
  );
}

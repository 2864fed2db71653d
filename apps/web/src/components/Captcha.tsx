import { messages } from '@cardstock/contract';
import { usePublicConfig } from '../lib/use-public-config.ts';
import { CaptchaWidget } from './CaptchaWidget.tsx';

/**
 * The human-verification widget of the app's forms, in the mode the server's settings say (GET /api/config).
 * In the server's test mode there is no widget: the fixed test token is reported at once.
 */
export function Captcha({ onToken }: { onToken: (token: string) => void }) {
  const config = usePublicConfig();
  return (
    <CaptchaWidget
      mode={config.data?.captcha_mode}
      siteKey={config.data?.turnstile_site_key ?? ''}
      hint={messages.common.captchaHint}
      onToken={onToken}
    />
  );
}

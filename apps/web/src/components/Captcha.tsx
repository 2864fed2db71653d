import { CAPTCHA_TEST_TOKEN, messages, timings } from '@cardstock/contract';
import { useEffect, useRef, useState } from 'react';
import { usePublicConfig } from '../lib/use-public-config.ts';

interface TurnstileApi {
  render(
    el: HTMLElement,
    options: { sitekey: string; theme: 'dark'; callback: (token: string) => void; 'expired-callback': () => void },
  ): string;
  remove(id: string): void;
}
declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/**
 * The human-verification widget (Cloudflare Turnstile, dark theme). In the
 * server's test mode there is no widget: the fixed test token is reported at
 * once, which is the spec's test-mode exception.
 */
export function Captcha({ onToken }: { onToken: (token: string) => void }) {
  const config = usePublicConfig();
  const box = useRef<HTMLDivElement>(null);
  const [scriptLoaded, setScriptLoaded] = useState(false);
  const mode = config.data?.captcha_mode;
  const siteKey = config.data?.turnstile_site_key ?? '';

  useEffect(() => {
    if (mode === 'test') onToken(CAPTCHA_TEST_TOKEN);
  }, [mode, onToken]);

  useEffect(() => {
    if (mode !== 'turnstile') return;
    if (!document.querySelector(`script[src="${SCRIPT_URL}"]`)) {
      const script = document.createElement('script');
      script.src = SCRIPT_URL;
      script.async = true;
      document.head.appendChild(script);
    }
    let widgetId: string | undefined;
    // The widget's script arrives asynchronously; poll for it (spec 000 §9: every 10 ms).
    const timer = window.setInterval(() => {
      if (!window.turnstile || !box.current) return;
      window.clearInterval(timer);
      setScriptLoaded(true);
      widgetId = window.turnstile.render(box.current, {
        sitekey: siteKey,
        theme: 'dark',
        callback: onToken,
        'expired-callback': () => onToken(''),
      });
    }, timings.captchaScriptPollMs);
    return () => {
      window.clearInterval(timer);
      if (widgetId && window.turnstile) window.turnstile.remove(widgetId);
    };
  }, [mode, siteKey, onToken]);

  if (mode !== 'turnstile') return null;
  return (
    <div className="captcha">
      <div ref={box} />
      {!scriptLoaded && <p className="hint">{messages.common.captchaHint}</p>}
    </div>
  );
}

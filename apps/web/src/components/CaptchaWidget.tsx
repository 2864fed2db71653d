import { CAPTCHA_TEST_TOKEN, timings } from '@cardstock/contract';
import { useEffect, useRef, useState } from 'react';

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
 * The human-verification widget (Cloudflare Turnstile, dark theme) for a given captcha mode, without the app's data
 * layer: the app's forms use it through Captcha, the storefront's checkout with the mode it fetched itself. In the
 * server's test mode there is no widget: the fixed test token is reported at once (the spec's test-mode exception).
 */
export function CaptchaWidget({
  mode,
  siteKey,
  hint,
  onToken,
}: {
  /** The server's captcha mode; undefined while it is not known yet. */
  mode: 'test' | 'turnstile' | undefined;
  siteKey: string;
  /** Shown until the widget's script has arrived. */
  hint: string;
  onToken: (token: string) => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scriptLoaded, setScriptLoaded] = useState(false);
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
      {!scriptLoaded && <p className="hint">{hint}</p>}
    </div>
  );
}

import { buylistMessages, messages } from '@cardstock/contract';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { ApiError, call, errorText } from '../../lib/api.ts';
import { useTitle } from '../../lib/use-title.ts';
import { OrderingScreen } from '../orders/index.ts';
import { SellList } from '../buylist/index.ts';
import { KioskCallout } from './KioskCallout.tsx';
import { KioskPairing } from './KioskPairing.tsx';
import {
  browserStore,
  clearDeviceToken,
  codeFromSearch,
  deviceToken,
  searchWithoutCode,
  serialNumber,
  storeDeviceToken,
} from './kiosk-device.ts';
import './KioskPage.css';

const m = messages.kiosk;
const sellText = buylistMessages.kiosk;

/** What a customer does at the tablet: buy the shop's cards, or sell their own to the shop. */
type Mode = 'buy' | 'sell';

/**
 * Where the tablet stands: checking its token, stopped (no answer, or its shop suspended: the token is kept and
 * Try again checks it), pairing, taking an order, or showing a callout number.
 */
type Phase =
  | { kind: 'checking' }
  | { kind: 'stopped'; message: string }
  | { kind: 'pairing'; code: string; busy: boolean; error?: string }
  | { kind: 'ordering'; token: string; shop: string; mode?: Mode }
  | { kind: 'callout'; shop: string; orderNumber: string; sellCallout?: string };

/** On start: a code in the URL pairs at once, a kept token is checked, otherwise the pairing screen. */
function firstPhase(search: string): Phase {
  const code = codeFromSearch(search);
  if (code) return { kind: 'pairing', code, busy: true };
  if (deviceToken(browserStore())) return { kind: 'checking' };
  return { kind: 'pairing', code: '', busy: false };
}

/**
 * The customer kiosk (DESIGN §6): a tablet paired with a shop through a code
 * takes customers' orders with its device token; no staff login, no site
 * header. A 401 at any point (the staff removed the device, or its shop was
 * deleted) forgets the token and returns to the pairing screen; a suspended
 * shop stops the tablet, token kept. Each says the server's reason.
 */
export function KioskPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>(() => firstPhase(location.search));
  useTitle(phase.kind === 'ordering' ? phase.shop : m.title);

  /** Back to pairing: the token no longer works (or never did). */
  const unpaired = useCallback((message: string) => {
    clearDeviceToken(browserStore());
    setPhase({ kind: 'pairing', code: '', busy: false, error: message });
  }, []);

  /** A refusal that ends this token (401) leads to pairing; a suspended shop stops the tablet until reactivated. */
  const refused = useCallback(
    (err: ApiError) => {
      if (err.status === 401) unpaired(err.message);
      else setPhase({ kind: 'stopped', message: err.message });
    },
    [unpaired],
  );

  /** Checks the kept token with the server (which records the last login) and opens the ordering screen. */
  const resume = useCallback(
    async (mode?: Mode) => {
      const token = deviceToken(browserStore());
      if (!token) {
        setPhase({ kind: 'pairing', code: '', busy: false });
        return;
      }
      try {
        const session = await call('deviceSession', { token });
        setPhase({ kind: 'ordering', token, shop: session.shop_name, mode });
      } catch (err) {
        if (err instanceof ApiError && (err.status === 401 || err.code === 'SHOP_SUSPENDED')) refused(err);
        else setPhase({ kind: 'stopped', message: errorText(err, messages.common.noResponse) });
      }
    },
    [refused],
  );

  const pair = useCallback(
    async (code: string) => {
      setPhase({ kind: 'pairing', code, busy: true });
      // The code is single use: a reload must not send it again, whatever the answer.
      if (codeFromSearch(window.location.search)) {
        void navigate({ search: searchWithoutCode(window.location.search) }, { replace: true });
      }
      try {
        const store = browserStore();
        const answer = await call('pairDevice', { body: { code, serial_number: serialNumber(store) } }, m.pairFailed);
        storeDeviceToken(store, answer.device_token);
        toast.success(answer.message);
        setPhase({ kind: 'ordering', token: answer.device_token, shop: answer.shop_name });
      } catch (err) {
        setPhase({
          kind: 'pairing',
          code,
          busy: false,
          error: errorText(err, messages.common.noResponse, m.pairFailed),
        });
      }
    },
    [navigate],
  );

  const newOrder = useCallback(() => {
    setPhase({ kind: 'checking' });
    void resume();
  }, [resume]);

  /** After a sell list's number the tablet stays in "Sell to us" for the next seller. */
  const newSellList = useCallback(() => {
    setPhase({ kind: 'checking' });
    void resume('sell');
  }, [resume]);

  // Once per page load (StrictMode runs effects twice in development; the code is single use).
  const started = useRef(false);
  const start = useEffectEvent(() => {
    if (phase.kind === 'pairing' && phase.busy) void pair(phase.code);
    else if (phase.kind === 'checking') void resume();
  });
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start();
  }, []);

  function body() {
    switch (phase.kind) {
      case 'checking':
        return <p className="loading kiosk-center">{messages.common.loading}</p>;
      case 'stopped':
        return (
          <section className="kiosk-center">
            <div className="card kiosk-pairing">
              <p role="alert" className="kiosk-error">
                {phase.message}
              </p>
              <button type="button" className="btn btn-primary kiosk-big-button" onClick={newOrder}>
                {m.retry}
              </button>
            </div>
          </section>
        );
      case 'pairing':
        return (
          <KioskPairing
            code={phase.code}
            busy={phase.busy}
            error={phase.error}
            onCodeChange={(code) => setPhase({ ...phase, code })}
            onPair={(code) => void pair(code)}
          />
        );
      case 'ordering': {
        const { token, shop, mode = 'buy' } = phase;
        const header = (
          <header className="kiosk-header">
            <div>
              <p className="eyebrow">{mode === 'sell' ? sellText.sellEyebrow : m.eyebrow}</p>
              <h1>{shop}</h1>
            </div>
            <div className="kiosk-modes" role="group" aria-label="What would you like to do?">
              {(['buy', 'sell'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  className={value === mode ? 'btn btn-primary kiosk-mode' : 'btn kiosk-mode'}
                  aria-pressed={value === mode}
                  onClick={() => setPhase({ ...phase, mode: value })}
                >
                  {value === 'buy' ? sellText.buyMode : sellText.sellMode}
                </button>
              ))}
            </div>
          </header>
        );
        if (mode === 'sell')
          return (
            <section className="page kiosk-sell">
              {header}
              <p className="kiosk-sell-lead">{sellText.sellLead}</p>
              <SellList
                deviceToken={token}
                touch
                onSubmitted={(answer) =>
                  setPhase({ kind: 'callout', shop, orderNumber: answer.buy_number, sellCallout: answer.callout })
                }
                onRefused={refused}
              />
            </section>
          );
        return (
          <OrderingScreen
            deviceToken={token}
            title={shop}
            touch
            header={header}
            onPlaced={(orderNumber) => setPhase({ kind: 'callout', shop, orderNumber })}
            onRefused={refused}
          />
        );
      }
      case 'callout':
        return (
          <KioskCallout
            orderNumber={phase.orderNumber}
            shop={phase.shop}
            onDone={phase.sellCallout === undefined ? newOrder : newSellList}
            sell={
              phase.sellCallout === undefined
                ? undefined
                : {
                    callout: phase.sellCallout,
                    lead: sellText.calloutLead,
                    note: sellText.calloutNote,
                    done: sellText.newList,
                  }
            }
          />
        );
    }
  }

  return <div className="kiosk">{body()}</div>;
}

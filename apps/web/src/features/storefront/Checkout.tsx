/**
 * The storefront's checkout (a chunk of its own, loaded with the cart drawer): name, e-mail, optional phone and the
 * captcha, then `POST /api/public/shop/order`; and the confirmation with the order number and the pickup callout.
 */
import { CAPTCHA_TEST_TOKEN, formatUsdPlain, storefrontCartMessages } from '@cardstock/contract';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CaptchaWidget } from '../../components/CaptchaWidget.tsx';
import { ApiError } from '../../lib/http.ts';
import { placePublicOrder, publicConfig } from '../../lib/public-order-api.ts';
import { cartCount, type CartItem } from './cart.ts';
import { calloutOf, cartSubtotal, orderLines, orderStatusHref, refusedLines } from './cart-checkout.ts';

const t = storefrontCartMessages.cart;

/** What the customer types at checkout. */
export interface CustomerForm {
  name: string;
  email: string;
  phone: string;
}

/** A reservation the server took: its number and the e-mail it was placed with. */
export interface PlacedOrder {
  number: string;
  email: string;
}

/** A v4 UUID: the browser's own where it has one (secure pages), else one from its random numbers. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

interface CaptchaConfig {
  mode?: 'test' | 'turnstile';
  siteKey: string;
}

/** GET /api/config's captcha settings, asked for once, as soon as this chunk loads (with the cart drawer). */
let captchaConfig: Promise<CaptchaConfig> | undefined;
function loadCaptchaConfig(): Promise<CaptchaConfig> {
  captchaConfig ??= publicConfig().then(
    (answer) => ({ mode: answer?.captcha_mode, siteKey: answer?.turnstile_site_key ?? '' }),
    (error: unknown) => {
      captchaConfig = undefined;
      throw error;
    },
  );
  return captchaConfig;
}
void loadCaptchaConfig().catch(() => undefined);

/** The captcha's mode and site key; the mode is undefined until they arrive. */
function useCaptchaConfig(): CaptchaConfig & { failed: boolean } {
  const [config, setConfig] = useState<CaptchaConfig & { failed: boolean }>({ siteKey: '', failed: false });
  useEffect(() => {
    let live = true;
    loadCaptchaConfig().then(
      (answer) => live && setConfig({ ...answer, failed: false }),
      () => live && setConfig((c) => ({ ...c, failed: true })),
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}

export interface CheckoutProps {
  subdomain: string;
  cart: CartItem[];
  holdHours: number;
  form: CustomerForm;
  onFormChange: (form: CustomerForm) => void;
  onBack: () => void;
  /** The server refused: the lines its sentence names, each with that sentence (empty when it names none). */
  onRefused: (problems: Record<string, string>) => void;
  onPlaced: (order: PlacedOrder) => void;
}

/**
 * The checkout form. One Idempotency-Key per attempt: pressing Reserve again after a lost answer sends the same key
 * (the server answers the order it already took), while a changed cart or customer is a new attempt with a new key.
 * A refusal keeps everything typed and names the card the server named.
 */
export function Checkout({
  subdomain,
  cart,
  holdHours,
  form,
  onFormChange,
  onBack,
  onRefused,
  onPlaced,
}: CheckoutProps) {
  const captcha = useCaptchaConfig();
  const [token, setToken] = useState('');
  // The widget again after a refusal: a Turnstile token is good for one try.
  const [captchaRound, setCaptchaRound] = useState(0);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const attempt = useRef<{ body: string; key: string }>(undefined);
  const nameField = useRef<HTMLInputElement>(null);
  const onToken = useCallback((value: string) => setToken(value), []);

  useEffect(() => nameField.current?.focus(), []);

  const field = (name: keyof CustomerForm) => (e: { target: { value: string } }) =>
    onFormChange({ ...form, [name]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!form.name.trim()) return setError(t.nameRequired);
    if (!form.email.trim()) return setError(t.emailRequired);
    setBusy(true);
    setError(undefined);
    let turnstileToken = token;
    if (!turnstileToken) {
      // Pressed before the settings arrived: in the server's test mode there is no widget to wait for.
      const config = await loadCaptchaConfig().catch(() => undefined);
      if (config?.mode === 'test') turnstileToken = CAPTCHA_TEST_TOKEN;
      else {
        setBusy(false);
        return setError(config ? t.captchaRequired : t.network);
      }
    }
    const order = {
      subdomain,
      items: orderLines(cart),
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim(),
    };
    const body = JSON.stringify(order);
    if (attempt.current?.body !== body) attempt.current = { body, key: newKey() };
    try {
      const answer = await placePublicOrder({ ...order, turnstileToken }, attempt.current.key, t.failed);
      // A 2xx that is not the answer (a proxy's page): told as no answer, and the same key goes again.
      if (!answer) throw new TypeError('The reservation was not answered.');
      onPlaced({ number: answer.order_number, email: order.email });
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) {
        // No answer: the same key goes again with the next press, so a reservation that did go through is not doubled.
        setError(t.network);
        return;
      }
      setError(err.message);
      onRefused(refusedLines(cart, err.errors));
      if (err.code === 'IDEMPOTENCY_MISMATCH') attempt.current = undefined;
      setToken('');
      setCaptchaRound((n) => n + 1);
    }
  }

  return (
    <form className="form checkout" onSubmit={(e) => void submit(e)} aria-busy={busy} noValidate>
      <p className="checkout-summary">
        {cartCount(cart)} {cartCount(cart) === 1 ? 'item' : 'items'} · {t.subtotal}{' '}
        <strong>{formatUsdPlain(cartSubtotal(cart))}</strong>
      </p>
      <p className="hint">{t.holdNote(holdHours)}</p>
      {error && (
        <p className="text-error" role="alert">
          {error}
        </p>
      )}
      <label>
        {t.name}
        <input
          ref={nameField}
          name="name"
          autoComplete="name"
          required
          maxLength={100}
          value={form.name}
          onChange={field('name')}
        />
      </label>
      <label>
        {t.email}
        <input
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={form.email}
          onChange={field('email')}
        />
      </label>
      <label>
        {t.phone}
        <input name="phone" type="tel" autoComplete="tel" maxLength={40} value={form.phone} onChange={field('phone')} />
      </label>
      <CaptchaWidget
        key={captchaRound}
        mode={captcha.mode}
        siteKey={captcha.siteKey}
        hint={t.captchaHint}
        onToken={onToken}
      />
      {captcha.failed && (
        <p className="text-error" role="alert">
          {t.network}
        </p>
      )}
      <div className="actions cart-actions">
        <button type="button" className="btn" onClick={onBack} disabled={busy}>
          {t.back}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t.reserving : t.reserve}
        </button>
      </div>
    </form>
  );
}

/** The confirmation: the pickup callout big, the order number, the hold time, the mail, and the status page. */
export function Reserved({
  order,
  holdHours,
  subdomain,
  onDone,
}: {
  order: PlacedOrder;
  holdHours: number;
  subdomain: string;
  onDone: () => void;
}) {
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <div className="reserved" role="status">
      <p className="reserved-callout-label">{t.doneCallout}</p>
      <p className="reserved-callout">{calloutOf(order.number)}</p>
      <p>
        {t.doneNumber}: <strong className="reserved-number">{order.number}</strong>
      </p>
      <p>{t.doneHeld(holdHours)}</p>
      <p>{t.doneMailed(order.email)}</p>
      <p>
        <a href={orderStatusHref(window.location.pathname, subdomain, order)}>{t.doneStatus}</a>
      </p>
      <div className="actions cart-actions">
        <button ref={done} type="button" className="btn btn-primary" onClick={onDone}>
          {t.done}
        </button>
      </div>
    </div>
  );
}

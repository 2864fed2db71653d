import { messages } from '@cardstock/contract';
import { useId } from 'react';
import { Icon } from '../../components/Icon.tsx';

const m = messages.kiosk;

interface KioskPairingProps {
  code: string;
  onCodeChange: (code: string) => void;
  busy: boolean;
  /** Why the tablet is here: a refused code, or a removed device (the server's own sentence). */
  error?: string;
  onPair: (code: string) => void;
}

/** The pairing screen: no staff login, just the code from the staff screen (or its QR code). */
export function KioskPairing({ code, onCodeChange, busy, error, onPair }: KioskPairingProps) {
  const id = useId();
  return (
    <section className="kiosk-center">
      <form
        className="card kiosk-pairing"
        aria-labelledby={`${id}-title`}
        onSubmit={(e) => {
          e.preventDefault();
          if (code.trim()) onPair(code.trim());
        }}
      >
        <span className="icon-badge kiosk-pairing-icon" aria-hidden="true">
          <Icon name="tablet" size={36} />
        </span>
        <h1 id={`${id}-title`}>{m.title}</h1>
        <label htmlFor={`${id}-code`} className="kiosk-label">
          {m.codeLabel}
        </label>
        <input
          id={`${id}-code`}
          className="kiosk-code"
          value={code}
          onChange={(e) => onCodeChange(e.target.value)}
          placeholder={m.codePlaceholder}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          required
        />
        <p id={`${id}-hint`} className="muted kiosk-hint">
          {m.codeHint}
        </p>
        <button type="submit" className="btn btn-primary kiosk-big-button" disabled={busy || !code.trim()}>
          {busy ? m.pairing : m.pair}
        </button>
        {error && (
          <p role="alert" className="kiosk-error">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}

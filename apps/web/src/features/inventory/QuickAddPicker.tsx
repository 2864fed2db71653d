import { finishNames, messages, type CodeCandidate } from '@cardstock/contract';
import { useEffect, useRef, useState } from 'react';
import { CardImage } from '../../components/CardImage.tsx';
import { Modal } from '../../components/Modal.tsx';

const m = messages.inventory;
/** Within this long after other keys, an Enter ends a code scanned meanwhile, not a choice. */
const SCAN_GAP_MS = 400;

/**
 * The printings a typed code may mean (quick add's AMBIGUOUS_CODE): ↑ ↓ move, Enter adds the one chosen, a click adds
 * that one, Escape skips the code. Each shows its image, set, number and finishes. A code scanned while it is open
 * picks nothing: its Enter follows other keys.
 */
export function QuickAddPicker({
  code,
  candidates,
  onPick,
  onSkip,
}: {
  code: string;
  candidates: readonly CodeCandidate[];
  onPick: (candidate: CodeCandidate) => void;
  onSkip: () => void;
}) {
  const [at, setAt] = useState(0);
  const list = useRef<HTMLOListElement>(null);
  /** When a key that is not the picker's arrived: a scanner's next code, whose Enter must not pick. */
  const typedAt = useRef(0);
  useEffect(() => list.current?.focus(), []);
  useEffect(() => {
    list.current?.querySelector(`[data-at="${at}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [at]);

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const by = e.key === 'ArrowDown' ? 1 : -1;
      setAt((was) => (was + by + candidates.length) % candidates.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (Date.now() - typedAt.current > SCAN_GAP_MS) onPick(candidates[at]!);
    } else if (e.key.length === 1) {
      typedAt.current = Date.now();
    }
  }

  return (
    <Modal open title={m.quickAddPickTitle(code)} onClose={onSkip} wide>
      <p className="muted">{m.quickAddPickHelp}</p>
      <ol
        ref={list}
        className="quick-add-picker"
        role="listbox"
        tabIndex={0}
        aria-label={m.quickAddPickTitle(code)}
        aria-activedescendant={`quick-add-pick-${at}`}
        onKeyDown={onKeyDown}
      >
        {candidates.map((c, i) => (
          <li
            key={c.scryfall_id}
            id={`quick-add-pick-${i}`}
            data-at={i}
            role="option"
            aria-selected={i === at}
            className={i === at ? 'chosen' : undefined}
            onClick={() => onPick(c)}
          >
            <CardImage src={c.image} name={c.name} width={61} height={85} />
            <span className="quick-add-pick-text">
              <strong>{c.name}</strong>
              <span>
                {c.set_code} {c.collector_number} · {c.set_name}
              </span>
              <span className="muted">{c.finishes.map((f) => finishNames[f]).join(', ')}</span>
            </span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}

import {
  centsToDollars,
  finishNames,
  finishes,
  formatUsd,
  languageNames,
  languages,
  messages,
  qualities,
  quickAddCodeMaxLength,
  roleAllows,
  type CodeCandidate,
  type Language,
} from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { LocationField, locationsQueryKey } from '../../components/LocationField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ApiError, call } from '../../lib/api.ts';
import { userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { QuickAddPicker } from './QuickAddPicker.tsx';
import {
  defaultsFrom,
  entryOf,
  lastUndoable,
  totalsOf,
  withShortcut,
  type QuickAddDefaults,
  type SessionEntry,
} from './quick-add-session.ts';
import './quick-add.css';

const m = messages.inventory;
/** The defaults, kept across visits on this computer. */
const DEFAULTS_KEY = 'cardstock:quick-add-defaults';
/** The session's list, kept while the tab lives (a reload keeps it). */
const SESSION_KEY = 'cardstock:quick-add-session';

function readKept(storage: Storage, key: string): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

function keep(storage: Storage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage refused (private mode, full): the session lives as long as the page.
  }
}

/**
 * Lines the session list shows until asked for all: a table redraws its every row's layout when one is added at its
 * top, so a 1,000-card session drawn whole slows each scan; the latest lines are the ones a person checks and undoes.
 */
const SHOWN_LINES = 100;

/** One line of the session: a copy added (with its undo) or a code that failed. Redrawn only when it changes. */
const SessionRow = memo(function SessionRow({
  entry: e,
  onUndo,
}: {
  entry: SessionEntry;
  onUndo: (undoId: number) => void;
}) {
  if (e.kind === 'failed')
    return (
      <tr className="quick-add-failed">
        <td colSpan={7}>
          <strong>{e.code}</strong> — {m.quickAddFailedLine}: {e.message}
        </td>
        <td />
      </tr>
    );
  return (
    <tr className={e.undone ? 'quick-add-undone' : undefined}>
      <td>{e.name}</td>
      <td>{e.sealed ? 'Sealed' : e.printing}</td>
      <td>{e.finish ? finishNames[e.finish] : ''}</td>
      <td>{e.quality}</td>
      <td>{e.language ? languageNames[e.language] : ''}</td>
      <td>{e.location}</td>
      <td>{e.price === null ? '—' : formatUsd(e.price)}</td>
      <td>
        {e.undone ? (
          <span className="muted">{m.quickAddUndone}</span>
        ) : (
          <button type="button" className="btn btn-small" onClick={() => onUndo(e.undo_id)}>
            {m.quickAddUndo}
          </button>
        )}
      </td>
    </tr>
  );
});

/** A picker open on a code, and how to go on once a printing is picked (or none). */
interface Picking {
  code: string;
  candidates: readonly CodeCandidate[];
  done: (picked: CodeCandidate | undefined) => void;
}

/**
 * Quick add (issue 41): cards into stock from the keyboard or a USB scanner, one code and Enter per copy. Codes are
 * queued, so a scanner never waits for the server; a code that names several printings opens the picker; each copy
 * lands at the top of the session list with its undo, and Ctrl+Z takes back the last one.
 */
export function QuickAddPage() {
  useTitle(m.quickAddTitle);
  const allowed = roleAllows(userRole(), 'inventory:edit');
  const queryClient = useQueryClient();
  const [defaults, setDefaults] = useState(() => defaultsFrom(readKept(localStorage, DEFAULTS_KEY)));
  const [entries, setEntries] = useState<SessionEntry[]>(() => {
    const kept = readKept(sessionStorage, SESSION_KEY);
    return Array.isArray(kept) ? (kept as SessionEntry[]) : [];
  });
  const [waiting, setWaiting] = useState(0);
  const [picking, setPicking] = useState<Picking>();
  const [askingNew, setAskingNew] = useState(false);
  const [showAll, setShowAll] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const queue = useRef<{ code: string; defaults: QuickAddDefaults }[]>([]);
  const draining = useRef(false);
  const undoing = useRef(new Set<number>());

  useEffect(() => keep(localStorage, DEFAULTS_KEY, defaults), [defaults]);
  // The session is kept for a reload, written at most every half second while codes pour in (a 1,000-line session
  // written after every code would cost more than the codes), and at once when the page goes.
  const latest = useRef(entries);
  latest.current = entries;
  useEffect(() => {
    const timer = setTimeout(() => keep(sessionStorage, SESSION_KEY, entries), 500);
    return () => clearTimeout(timer);
  }, [entries]);
  useEffect(() => {
    const flush = () => keep(sessionStorage, SESSION_KEY, latest.current);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, []);
  // The picker closed: the keyboard goes back to the code box (the page behind was inert while it was open).
  useEffect(() => {
    if (!picking) input.current?.focus();
  }, [picking]);

  const failed = (code: string, message: string): SessionEntry => ({
    kind: 'failed',
    id: `${Date.now()}-${Math.random()}`,
    code,
    message,
  });

  /** Adds one copy for `code` with the defaults it was scanned with; `sent` is what goes (a picked printing's id). */
  async function addOne(code: string, d: QuickAddDefaults, sent = code): Promise<void> {
    try {
      const answer = await call('inventoryQuickAdd', {
        body: {
          code: sent,
          finish: d.finish,
          quality: d.quality,
          language: d.language,
          ...(d.location.trim() ? { location: d.location } : {}),
        },
      });
      setEntries((was) => [entryOf(code, answer), ...was]);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'AMBIGUOUS_CODE' && err.candidates.length > 0) {
        const picked = await new Promise<CodeCandidate | undefined>((done) =>
          setPicking({ code, candidates: err.candidates, done }),
        );
        setPicking(undefined);
        if (picked) return addOne(code, d, picked.scryfall_id);
        setEntries((was) => [failed(code, err.message), ...was]);
        return;
      }
      setEntries((was) => [failed(code, err instanceof Error && err.message ? err.message : m.quickAddFailed), ...was]);
    }
  }

  /** Works through the codes in the order they came, one at a time. */
  async function drain() {
    if (draining.current) return;
    draining.current = true;
    while (queue.current.length > 0) {
      setWaiting(queue.current.length);
      const next = queue.current.shift()!;
      await addOne(next.code, next.defaults);
    }
    setWaiting(0);
    draining.current = false;
    void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    void queryClient.invalidateQueries({ queryKey: ['inventory-search'] });
    void queryClient.invalidateQueries({ queryKey: locationsQueryKey });
  }

  function submit() {
    // The box is the browser's own (not React state): a scanner's keystrokes redraw nothing until its Enter.
    const box = input.current;
    const code = box?.value.trim() ?? '';
    if (box) box.value = '';
    if (!code) return;
    const changed = withShortcut(defaults, code);
    if (changed) {
      setDefaults(changed);
      return;
    }
    queue.current.push({ code, defaults });
    void drain();
  }

  async function undo(undoId: number) {
    if (undoing.current.has(undoId)) return;
    undoing.current.add(undoId);
    try {
      await call('inventoryQuickAddUndo', { body: { undo_id: undoId } });
      setEntries((was) => was.map((e) => (e.kind === 'added' && e.undo_id === undoId ? { ...e, undone: true } : e)));
      void queryClient.invalidateQueries({ queryKey: ['inventory'] });
    } catch (err) {
      toast.error(err instanceof Error && err.message ? err.message : m.quickAddFailed);
    } finally {
      undoing.current.delete(undoId);
    }
  }

  // One function for every row's Undo, the same from render to render: a new line redraws only itself.
  const undoNow = useRef(undo);
  undoNow.current = undo;
  const onUndo = useCallback((undoId: number) => void undoNow.current(undoId), []);

  /** Ctrl+Z (⌘Z) anywhere but in a box with text to undo: takes back the last copy added. */
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (!(e.ctrlKey || e.metaKey) || e.shiftKey || e.altKey || e.key.toLowerCase() !== 'z') return;
      const target = e.target as HTMLElement | null;
      const typing = target instanceof HTMLInputElement && target.value !== '';
      if (typing || picking) return;
      const last = lastUndoable(entries);
      if (!last) return;
      e.preventDefault();
      void undo(last.undo_id);
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  /** The CSV writer is loaded when first asked for: the screen opens without it. */
  async function downloadCsv() {
    const { sessionCsv } = await import('./quick-add-csv.ts');
    const url = URL.createObjectURL(new Blob([sessionCsv(entries)], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `quick_add_${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  }

  /** A default chosen by a click: the code box keeps the keyboard, so the next scan lands there. */
  function choose(next: QuickAddDefaults) {
    setDefaults(next);
    input.current?.focus();
  }

  const totals = totalsOf(entries);
  const hasAdded = entries.some((e) => e.kind === 'added');

  if (!allowed)
    return (
      <section className="page">
        <PageHeader title={m.quickAddTitle} />
        <p role="alert">{m.quickAddNotAllowed}</p>
      </section>
    );

  return (
    <section className="page quick-add-page">
      <PageHeader title={m.quickAddTitle} />
      <p>
        <Link to="/inventory-management">← {m.title}</Link>
      </p>
      <form
        className="quick-add-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label className="quick-add-code">
          {m.quickAddCodeLabel}
          <input
            ref={input}
            type="text"
            autoFocus
            autoComplete="off"
            spellCheck={false}
            maxLength={quickAddCodeMaxLength}
            placeholder={m.quickAddCodePlaceholder}
          />
        </label>
        {/* Enter submits the code even with other fields in the form. */}
        <button type="submit" hidden />
        <p className="muted quick-add-help">{m.quickAddHelp}</p>
        <fieldset className="quick-add-defaults">
          <legend>{m.quickAddDefaults}</legend>
          <div role="group" aria-label={m.quickAddFinish} className="segmented">
            {finishes.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={defaults.finish === f}
                onClick={() => choose({ ...defaults, finish: f })}
              >
                {finishNames[f]}
              </button>
            ))}
          </div>
          <div role="group" aria-label={m.quickAddCondition} className="segmented">
            {qualities.map((q, i) => (
              <button
                key={q}
                type="button"
                aria-pressed={defaults.quality === q}
                title={`${i + 1} then Enter`}
                onClick={() => choose({ ...defaults, quality: q })}
              >
                {q}
              </button>
            ))}
          </div>
          <label>
            {m.quickAddLanguage}
            <select
              value={defaults.language}
              onChange={(e) => setDefaults({ ...defaults, language: e.target.value as Language })}
            >
              {languages.map((l) => (
                <option key={l} value={l}>
                  {languageNames[l]}
                </option>
              ))}
            </select>
          </label>
          <div className="quick-add-location">
            <LocationField value={defaults.location} onChange={(location) => setDefaults({ ...defaults, location })} />
          </div>
        </fieldset>
      </form>

      <div className="toolbar quick-add-toolbar">
        <p className="quick-add-totals" aria-live="polite">
          {m.quickAddTotals(totals.copies, formatUsd(centsToDollars(totals.cents)), totals.unpriced)}
          {waiting > 0 && <span className="muted"> · {m.quickAddWorking(waiting)}</span>}
        </p>
        <button type="button" className="btn" disabled={!hasAdded} onClick={() => void downloadCsv()}>
          {m.quickAddDownload}
        </button>
        <button type="button" className="btn" disabled={entries.length === 0} onClick={() => setAskingNew(true)}>
          {m.quickAddNewSession}
        </button>
      </div>

      <div className="table-wrap">
        <table className="table quick-add-session">
          <thead>
            <tr>
              <th>Card</th>
              <th>Printing</th>
              <th>Finish</th>
              <th>Condition</th>
              <th>Language</th>
              <th>{m.location}</th>
              <th>Price</th>
              <th aria-label="Undo" />
            </tr>
          </thead>
          <tbody>
            {entries.length === 0 && (
              <tr>
                <td colSpan={8} className="muted">
                  {m.quickAddEmpty}
                </td>
              </tr>
            )}
            {(showAll ? entries : entries.slice(0, SHOWN_LINES)).map((e) => (
              <SessionRow key={e.kind === 'failed' ? e.id : e.undo_id} entry={e} onUndo={onUndo} />
            ))}
          </tbody>
        </table>
      </div>
      {!showAll && entries.length > SHOWN_LINES && (
        <p className="muted quick-add-more">
          {m.quickAddShowingLatest(SHOWN_LINES, entries.length)}{' '}
          <button type="button" className="btn btn-small" onClick={() => setShowAll(true)}>
            {m.quickAddShowAll}
          </button>
        </p>
      )}

      {picking && (
        <QuickAddPicker
          code={picking.code}
          candidates={picking.candidates}
          onPick={(c) => picking.done(c)}
          onSkip={() => picking.done(undefined)}
        />
      )}
      {askingNew && (
        <ConfirmModal
          title={m.quickAddNewSession}
          confirm={m.quickAddNewSession}
          busyLabel={m.quickAddNewSession}
          danger={false}
          onClose={() => {
            setAskingNew(false);
            input.current?.focus();
          }}
          onConfirm={async () => {
            setEntries([]);
            setAskingNew(false);
            input.current?.focus();
            return true;
          }}
        >
          <p>{m.quickAddNewSessionAsk}</p>
        </ConfirmModal>
      )}
    </section>
  );
}

import { FlagTags } from '../../components/FlagTags.tsx';
import {
  finishNames,
  formatUsdPlain,
  type ImportDifference,
  type ImportFormInput,
  type ImportMode,
  importModes,
  type ImportProgress,
  type ImportReport,
  type ImportReview,
  languageNames,
  messages,
  plural,
} from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal.tsx';
import { ApiError, call, NetworkError, upload } from '../../lib/api.ts';

const m = messages.inventory;

/**
 * Mass Upload: the file is checked first (a dry run) and the report shown;
 * nothing is written until the user confirms (spec 001 §2.1 and issue #5).
 */
export function MassUploadModal({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const [mode, setMode] = useState<ImportMode>('add');
  const [report, setReport] = useState<ImportReport>();
  const [progress, setProgress] = useState<number>();
  /** The server's reading of the file while it checks it. */
  const [checked, setChecked] = useState<ImportProgress>();
  /** The id the server keeps the checked file under, for the import. */
  const [importId, setImportId] = useState<string>();
  const [error, setError] = useState<string>();
  /** The printing picked for each line in review, by line. */
  const [picks, setPicks] = useState<Record<number, string>>({});
  /** The owner's confirmation of a sync that sets most rows to 0 (the server refuses it without the count). */
  const [zeroConfirmed, setZeroConfirmed] = useState(false);
  const busy = progress !== undefined;
  const picked = Object.keys(picks).length;

  async function send(step: 'check' | 'import') {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    // The check keeps the file under a new id, and its progress is asked by it; the import names it instead of
    // sending the file again (or, if the server no longer keeps it, sends the file again).
    const id = step === 'check' ? newImportId() : (importId ?? newImportId());
    const fields: ImportFormInput = { mode, import_id: id, file_name: file.name };
    if (step === 'check') fields.dry_run = 'true';
    else {
      if (report?.refused.length) fields.accept_partial = 'true';
      if (picked) fields.picks = JSON.stringify(picks);
      const zero = report?.difference?.confirm_zero_rows;
      if (zero !== undefined && zeroConfirmed) fields.confirm_zero_rows = String(zero);
    }
    let polling: number | undefined;
    let finished = false;
    const watch = (fraction: number) => {
      setProgress(fraction);
      if (fraction < 1 || polling !== undefined || step !== 'check') return;
      // Sent: from now on the bar is the server's reading of the file.
      polling = window.setInterval(() => {
        call('inventoryImportProgress', { body: { import_id: id } }).then(
          (now) => finished || setChecked(now),
          () => undefined,
        );
      }, 400);
    };
    try {
      let answer: ImportReport;
      try {
        answer = await upload('inventoryImport', { fields, file: step === 'import' ? undefined : file }, watch);
      } catch (err) {
        if (!(step === 'import' && err instanceof ApiError && err.code === 'NOT_FOUND')) throw err;
        answer = await upload('inventoryImport', { fields, file }, watch);
      }
      if (step === 'check') {
        setReport(answer);
        setImportId(id);
        setPicks({});
        setZeroConfirmed(false);
      } else {
        toast.success(m.uploadSuccess);
        onImported();
      }
    } catch (err) {
      if (err instanceof NetworkError) toast.error(m.uploadCors);
      else toast.error(m.uploadFailed);
      setError(err instanceof ApiError ? err.message : undefined);
    } finally {
      finished = true;
      window.clearInterval(polling);
      setProgress(undefined);
      setChecked(undefined);
    }
  }

  const importable = report ? report.rows + picked : 0;
  const inReview = new Set(report?.review?.map((r) => r.line));
  const refusedOnly = report?.refused.filter((r) => !inReview.has(r.line)) ?? [];
  const left = (report?.refused.length ?? 0) - picked;
  const zeroToConfirm = report?.difference?.confirm_zero_rows;
  return (
    <Modal
      open
      title="Mass Upload Inventory"
      wide={Boolean(report?.difference?.sample.length)}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          {report ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={busy || importable === 0 || (zeroToConfirm !== undefined && !zeroConfirmed)}
              onClick={() => void send('import')}
            >
              {busy
                ? m.uploading
                : (left > 0
                    ? `Import the ${plural(importable, 'good line')}`
                    : `Import ${plural(importable, 'line')}`) +
                  (zeroToConfirm
                    ? ` and set ${plural(zeroToConfirm, 'row')} to 0`
                    : report.difference?.zeroed
                      ? ` and set ${plural(report.difference.zeroed, 'row')} to 0`
                      : '')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-primary"
              disabled={!file || busy}
              onClick={() => void send('check')}
            >
              {busy ? m.uploading : 'Upload'}
            </button>
          )}
        </>
      }
    >
      <p>
        When you export your old inventory from another inventory tool, tick the boxes <strong>Quantity</strong>,{' '}
        <strong>Card Name</strong>, <strong>Foil</strong>, <strong>Condition</strong>, <strong>Edition Code</strong> and
        the <strong>Scryfall ID</strong>. Cardstock reads the exports of ManaBox, Deckbox, TCGplayer, Moxfield, Delver
        Lens, Archidekt, Dragon Shield and more, and its own; any other spreadsheet by its column names, when it has a
        Quantity column and a Card Name or Scryfall ID column.
      </p>
      <label>
        CSV file
        <input
          type="file"
          accept=".csv,text/csv"
          onChange={(e) => {
            setFile(e.target.files?.[0]);
            setReport(undefined);
            setImportId(undefined);
            setPicks({});
          }}
        />
      </label>
      <fieldset className="import-mode" disabled={busy}>
        <legend>{m.importModeLegend}</legend>
        {importModes.map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="import-mode"
              value={value}
              checked={mode === value}
              onChange={() => {
                setMode(value);
                setReport(undefined);
                setPicks({});
                setZeroConfirmed(false);
              }}
            />
            {m.importModes[value]}
          </label>
        ))}
      </fieldset>
      {busy && !checked && <progress max={1} value={progress} aria-label="Upload progress" />}
      {busy && checked && (
        <div className="import-checking" aria-live="polite">
          <progress max={checked.total_bytes} value={checked.read_bytes} aria-label={m.checkProgress} />
          <p className="muted">{m.checking(checked.rows_read, checked.matched)}</p>
        </div>
      )}
      {error && <p className="text-error">{error}</p>}
      {report && (
        <div className="import-report" role="status">
          <p>
            <strong>{report.message}</strong>
          </p>
          <ul>
            <li>
              {report.rows} lines, {report.copies} cards
            </li>
            {report.difference?.mode === 'add' || !report.difference ? (
              <li>
                {report.added} new rows, {report.merged} added to rows you have
              </li>
            ) : null}
            <li>Read as a {report.format} export</li>
            {report.skipped ? <li>{m.importSkipped(report.skipped)}</li> : null}
            {report.sealed ? <li>{m.importSealed(report.sealed)}</li> : null}
          </ul>
          {zeroToConfirm !== undefined && (
            <div className="import-zero-confirm" role="alert">
              <p className="text-error">
                <strong>{m.syncZeroWarning(zeroToConfirm, report.difference?.stocked_before ?? zeroToConfirm)}</strong>
              </p>
              <label>
                <input type="checkbox" checked={zeroConfirmed} onChange={(e) => setZeroConfirmed(e.target.checked)} />{' '}
                {m.syncZeroConfirm(zeroToConfirm)}
              </label>
            </div>
          )}
          {report.difference && <Difference difference={report.difference} />}
          {report.review && report.review.length > 0 && (
            <fieldset className="import-review">
              <legend>{m.reviewTitle}</legend>
              <p className="muted">{m.reviewIntro}</p>
              {report.review.map((r) => (
                <ReviewLine
                  key={r.line}
                  review={r}
                  picked={picks[r.line]}
                  onPick={(id) => setPicks(({ [r.line]: _old, ...rest }) => (id ? { ...rest, [r.line]: id } : rest))}
                />
              ))}
            </fieldset>
          )}
          {refusedOnly.length > 0 && (
            <>
              <p className="text-error">These lines cannot be imported:</p>
              <ul className="refused-lines">
                {groupedRefusals(refusedOnly).map(({ reason, lines }) =>
                  lines.length === 1 ? (
                    <li key={`${lines[0]}-${reason}`}>
                      Line {lines[0]}: {reason}
                    </li>
                  ) : (
                    // Many lines refused for the same reason (558 proxies) read as one, with a count (issue 38).
                    <li key={`${lines[0]}-${reason}`}>
                      <details>
                        <summary>
                          {reason} — {lines.length} lines
                        </summary>
                        <span>Lines {lines.join(', ')}</span>
                      </details>
                    </li>
                  ),
                )}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

/** Refused lines with the same reason together, in the order each reason first appears. */
function groupedRefusals(refused: readonly { line: number; reason: string }[]): { reason: string; lines: number[] }[] {
  const groups = new Map<string, number[]>();
  for (const r of refused) {
    const lines = groups.get(r.reason);
    if (lines) lines.push(r.line);
    else groups.set(r.reason, [r.line]);
  }
  return [...groups].map(([reason, lines]) => ({ reason, lines }));
}

/** A fresh id for an upload: 32 hex digits (crypto.randomUUID needs a secure context a shop's LAN may not be). */
function newImportId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A line several printings could be: the line as the file wrote it, then each candidate with its picture and price;
 * the owner picks one or leaves the line out (the choice already made). When the file's own printing is not in the
 * catalog, the candidates are other printings at other prices: the dialog says so.
 */
function ReviewLine({
  review,
  picked,
  onPick,
}: {
  review: ImportReview;
  picked: string | undefined;
  onPick: (id: string | undefined) => void;
}) {
  const group = `review-line-${review.line}`;
  const f = review.file;
  const written = f
    ? [
        f.set_code ? f.set_code.toUpperCase() : f.set_name,
        f.collector_number ? `#${f.collector_number}` : undefined,
        finishNames[f.finish],
        f.quality,
        languageNames[f.language],
        `${f.quantity} ${f.quantity === 1 ? 'copy' : 'copies'}`,
        f.scryfall_id ? `Scryfall ID ${f.scryfall_id}` : undefined,
        f.tool_id,
      ]
        .filter(Boolean)
        .join(' · ')
    : undefined;
  return (
    <div className="import-review-line" role="radiogroup" aria-label={m.reviewLine(review.line, review.name)}>
      <p>
        <strong>{m.reviewLine(review.line, review.name)}</strong>
        {written && <span className="muted"> · {m.reviewAsWritten(written)}</span>}
      </p>
      {review.in_catalog === false && <p className="text-error">{m.reviewNotInCatalog}</p>}
      <label className="import-candidate">
        <input type="radio" name={group} checked={!picked} onChange={() => onPick(undefined)} />
        <span>{m.reviewLeaveOut}</span>
      </label>
      {review.candidates.map((c) => (
        <label key={c.scryfall_id} className="import-candidate">
          <input
            type="radio"
            name={group}
            value={c.scryfall_id}
            checked={picked === c.scryfall_id}
            onChange={() => onPick(c.scryfall_id)}
          />
          {c.image ? (
            <img src={c.image} alt="" width={49} height={68} loading="lazy" />
          ) : (
            <span className="import-candidate-noimage" />
          )}
          <span>
            {c.set_name} ({c.set_code.toUpperCase()}) #{c.collector_number} ·{' '}
            {c.finishes.map((fin) => finishNames[fin]).join(', ')} ·{' '}
            {c.price === null || c.price === undefined ? m.reviewNoPrice : formatUsdPlain(c.price)}
          </span>
        </label>
      ))}
    </div>
  );
}

/** What the import changes in the inventory: counts, then the first changed rows, before and after. */
function Difference({ difference: d }: { difference: ImportDifference }) {
  const all = d.new_rows + d.quantities_changed + d.prices_changed + d.zeroed;
  const price = (dollars: number | null) => (dollars === null ? m.priceRule : formatUsdPlain(dollars));
  return (
    <section className="import-difference" aria-label={m.differenceTitle}>
      <p>
        <strong>{m.differenceTitle}:</strong> {m.differenceSummary(d)}
      </p>
      {d.sample.length > 0 && (
        <>
          {d.sample.length < all && <p className="muted">{m.differenceMore(d.sample.length, all)}</p>}
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>Card</th>
                  <th>Finish</th>
                  <th>Condition</th>
                  <th>Language</th>
                  <th>Quantity</th>
                  <th>Price</th>
                </tr>
              </thead>
              <tbody>
                {d.sample.map((c) => (
                  <tr
                    key={`${c.change}-${c.set_code}-${c.collector_number}-${c.finish}-${c.quality}-${c.language}-${c.signed}-${c.altered}`}
                  >
                    <td>
                      {c.name} ({c.set_code.toUpperCase()} #{c.collector_number})
                      <FlagTags signed={c.signed} altered={c.altered} />
                    </td>
                    <td>{finishNames[c.finish]}</td>
                    <td>{c.quality}</td>
                    <td>{languageNames[c.language]}</td>
                    <td>
                      {c.change === 'new'
                        ? `new: ${c.quantity_after}`
                        : c.change === 'kept'
                          ? `${c.quantity_after} (${m.differenceKept})`
                          : `${c.quantity_before} → ${c.quantity_after}`}
                    </td>
                    <td>
                      {c.price_before === c.price_after
                        ? price(c.price_after)
                        : `${price(c.price_before)} → ${price(c.price_after)}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

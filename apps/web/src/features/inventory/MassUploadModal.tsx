import { messages, type ImportReport, type ImportReview } from '@cardstock/contract';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Modal } from '../../components/Modal.tsx';
import { ApiError, NetworkError, upload } from '../../lib/api.ts';
import { finishName } from './finish-label.ts';

const m = messages.inventory;

/**
 * Mass Upload: the file is checked first (a dry run) and the report shown;
 * nothing is written until the user confirms (spec 001 §2.1 and issue #5).
 */
export function MassUploadModal({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File>();
  const [report, setReport] = useState<ImportReport>();
  const [progress, setProgress] = useState<number>();
  const [error, setError] = useState<string>();
  /** The printing picked for each line in review, by line. */
  const [picks, setPicks] = useState<Record<number, string>>({});
  const busy = progress !== undefined;
  const picked = Object.keys(picks).length;

  async function send(mode: 'check' | 'import') {
    if (!file) return;
    setError(undefined);
    setProgress(0);
    try {
      const fields: Record<string, string> = {};
      if (mode === 'check') fields.dry_run = 'true';
      else {
        if (report?.refused.length) fields.accept_partial = 'true';
        if (picked) fields.picks = JSON.stringify(picks);
      }
      const answer = await upload('inventoryImport', { fields, file }, setProgress);
      if (mode === 'check') {
        setReport(answer);
        setPicks({});
      } else {
        toast.success(m.uploadSuccess);
        onImported();
      }
    } catch (err) {
      if (err instanceof NetworkError) toast.error(m.uploadCors);
      else toast.error(m.uploadFailed);
      setError(err instanceof ApiError ? err.message : undefined);
    } finally {
      setProgress(undefined);
    }
  }

  const importable = report ? report.rows + picked : 0;
  const inReview = new Set(report?.review?.map((r) => r.line));
  const refusedOnly = report?.refused.filter((r) => !inReview.has(r.line)) ?? [];
  const left = (report?.refused.length ?? 0) - picked;
  return (
    <Modal
      open
      title="Mass Upload Inventory"
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
              disabled={busy || importable === 0}
              onClick={() => void send('import')}
            >
              {busy ? m.uploading : left > 0 ? `Import the ${importable} good lines` : `Import ${importable} lines`}
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
            setPicks({});
          }}
        />
      </label>
      {busy && <progress max={1} value={progress} aria-label="Upload progress" />}
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
            <li>
              {report.added} new rows, {report.merged} added to rows you have
            </li>
            <li>Read as a {report.format} export</li>
            {report.skipped ? <li>{m.importSkipped(report.skipped)}</li> : null}
          </ul>
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
                {refusedOnly.map((r) => (
                  <li key={`${r.line}-${r.reason}`}>
                    Line {r.line}: {r.reason}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

/** A line several printings could be: the owner picks one (its picture beside the list), or leaves the line out. */
function ReviewLine({
  review,
  picked,
  onPick,
}: {
  review: ImportReview;
  picked: string | undefined;
  onPick: (id: string | undefined) => void;
}) {
  const chosen = review.candidates.find((c) => c.scryfall_id === picked);
  const id = `review-line-${review.line}`;
  return (
    <div className="import-review-line">
      <label htmlFor={id}>{m.reviewLine(review.line, review.name)}</label>
      <select id={id} value={picked ?? ''} onChange={(e) => onPick(e.target.value || undefined)}>
        <option value="">{m.reviewLeaveOut}</option>
        {review.candidates.map((c) => (
          <option key={c.scryfall_id} value={c.scryfall_id}>
            {c.set_name} ({c.set_code.toUpperCase()}) #{c.collector_number} ·{' '}
            {c.finishes.map((f) => finishName[f]).join(', ')}
          </option>
        ))}
      </select>
      {chosen?.image && <img src={chosen.image} alt={`${chosen.name}, ${chosen.set_name}`} width={73} height={102} />}
    </div>
  );
}

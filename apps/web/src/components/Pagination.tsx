import { useState } from 'react';

interface PaginationProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation's name, so two lists on one page can be told apart. */
  label?: string;
}

/**
 * Back, a page number box and Next. The page never goes below 1 (nor past the
 * last page); Enter or leaving the box applies it, clamped (spec 001 §2.1).
 */
export function Pagination({ page, totalPages, onChange, label = 'Pages' }: PaginationProps) {
  const [text, setText] = useState(String(page));
  // A page change from outside (Back, Next, a new search) resets the box, during render as React advises.
  const [shownPage, setShownPage] = useState(page);
  if (shownPage !== page) {
    setShownPage(page);
    setText(String(page));
  }

  const apply = () => {
    const n = Math.floor(Number(text));
    const clamped = Math.min(Math.max(Number.isFinite(n) ? n : 1, 1), Math.max(totalPages, 1));
    setText(String(clamped));
    if (clamped !== page) onChange(clamped);
  };

  return (
    <nav className="pagination" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onChange(Math.max(1, page - 1))}>
        Back
      </button>
      <label className="pagination-page">
        <span>Page</span>
        <input
          type="number"
          min={1}
          max={totalPages}
          value={text}
          aria-label="Page number"
          onChange={(e) => setText(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => {
            if (e.key === 'Enter') apply();
          }}
        />
        <span>of {totalPages}</span>
      </label>
      <button type="button" className="btn" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        Next
      </button>
    </nav>
  );
}

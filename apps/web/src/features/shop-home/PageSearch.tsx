import { messages } from '@cardstock/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';

interface PageLink {
  to: string;
  title: string;
}

/**
 * A dropdown with search over page names (spec 001 §2.7, /shop-home): type to
 * narrow, arrows to move, Enter or a click to go, Escape to close. Built on
 * the ARIA combobox pattern so screen readers announce the choices.
 */
export function PageSearch({ pages }: { pages: readonly PageLink[] }) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const needle = text.trim().toLowerCase();
  const matches = pages.filter((p) => p.title.toLowerCase().includes(needle));

  const go = (page: PageLink | undefined) => {
    if (page) void navigate(page.to);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (matches.length ? (i + step + matches.length) % matches.length : 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(matches[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="page-search">
      <label htmlFor={`${listId}-input`}>{messages.shopHome.goToPage}</label>
      <input
        id={`${listId}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? `${listId}-${active}` : undefined}
        placeholder={messages.shopHome.searchPages}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      {open && (
        <ul id={listId} role="listbox" className="page-search-list">
          {matches.length === 0 ? (
            <li className="page-search-empty">{messages.shopHome.noPageMatches}</li>
          ) : (
            matches.map((page, i) => (
              <li
                key={page.to}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                // mousedown, not click: it comes before the input's blur closes the list.
                onMouseDown={(e) => {
                  e.preventDefault();
                  go(page);
                }}
                onMouseEnter={() => setActive(i)}
              >
                {page.title}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

import { useId, type KeyboardEvent, type ReactNode } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}

/**
 * A tab list and its one panel (the admin screens' tabs, the Buylist's sections). The selected tab is the one in the
 * page's tab order; arrow keys, Home and End move between tabs and select them, as the ARIA tabs pattern has it.
 */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const prefix = useId();
  const tabId = (tab: T) => `${prefix}tab-${tab}`;
  const panelId = `${prefix}panel`;
  const current = tabs.find((t) => t.value === value);

  function onKeyDown(event: KeyboardEvent) {
    const i = tabs.findIndex((t) => t.value === value);
    const to =
      event.key === 'ArrowRight'
        ? (i + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (i + tabs.length - 1) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : undefined;
    const next = to === undefined ? undefined : tabs[to];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
    document.getElementById(tabId(next.value))?.focus();
  }

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            aria-selected={tab.value === value}
            aria-controls={panelId}
            tabIndex={tab.value === value ? 0 : -1}
            className={tab.value === value ? 'tab active' : 'tab'}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(value)} aria-label={current?.label}>
        {children}
      </div>
    </div>
  );
}

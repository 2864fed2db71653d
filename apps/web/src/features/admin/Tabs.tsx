import type { ReactNode } from 'react';

interface TabsProps<T extends string> {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  children: ReactNode;
}

/** A tab list and its one panel (the admin screens' Store, Settings, Reports and inbox tabs). */
export function Tabs<T extends string>({ label, tabs, value, onChange, children }: TabsProps<T>) {
  const current = tabs.find((t) => t.value === value);
  return (
    <div className="admin-tabs">
      <div role="tablist" aria-label={label} className="admin-tablist">
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={`tab-${tab.value}`}
            aria-selected={tab.value === value}
            aria-controls={`panel-${tab.value}`}
            className={tab.value === value ? 'admin-tab active' : 'admin-tab'}
            onClick={() => onChange(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${value}`} aria-labelledby={`tab-${value}`} aria-label={current?.label}>
        {children}
      </div>
    </div>
  );
}

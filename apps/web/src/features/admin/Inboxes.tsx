import { messages } from '@cardstock/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { errorText } from '../../lib/api.ts';
import { formatLocalTime } from '../../lib/format.ts';
import { adminCall, useAdminQuery } from './admin-api.ts';
import { LoadError } from './AdminPage.tsx';
import { Tabs } from '../../components/Tabs.tsx';

type Inbox = 'invites' | 'feedback' | 'contact';
const inboxTabs = [
  { value: 'invites', label: 'Invite Codes' },
  { value: 'feedback', label: 'Feedback' },
  { value: 'contact', label: 'Contact Messages' },
] as const;

const when = (timestamp: string | null) => (timestamp ? formatLocalTime(timestamp) : '—');

/** What reaches the platform: registration invite codes, feedback from the app, the contact page's messages. */
export function Inboxes({ canManage }: { canManage: boolean }) {
  const [tab, setTab] = useState<Inbox>('invites');
  return (
    <section className="admin-section" aria-labelledby="inboxes">
      <h2 id="inboxes">Inboxes</h2>
      <Tabs label="Inboxes" tabs={inboxTabs} value={tab} onChange={setTab}>
        {tab === 'invites' ? (
          <Invites canManage={canManage} />
        ) : tab === 'feedback' ? (
          <Feedback />
        ) : (
          <ContactMessages />
        )}
      </Tabs>
    </section>
  );
}

function Invites({ canManage }: { canManage: boolean }) {
  const queryClient = useQueryClient();
  const list = useAdminQuery(['invites'], 'adminInvites');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  async function create() {
    setBusy(true);
    try {
      const answer = await adminCall('adminInviteCreate', { body: { note } });
      toast.success(`${answer.message} ${answer.code}`);
      setNote('');
      await queryClient.invalidateQueries({ queryKey: ['admin', 'invites'] });
    } catch (err) {
      toast.error(errorText(err, messages.admin.saveFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {canManage && (
        <div className="toolbar">
          <input
            className="toolbar-search"
            aria-label="Invite note"
            placeholder="Note (who it is for)"
            maxLength={200}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void create()}>
            Create Invite Code
          </button>
        </div>
      )}
      <InboxTable
        label="Invite codes"
        headings={['Code', 'Note', 'Created', 'Expires', 'Used by']}
        rows={list.data?.invites}
        error={list.error}
        empty="No invite codes yet."
        row={(i) => (
          <tr key={i.code}>
            <td className="mono">{i.code}</td>
            <td>{i.note}</td>
            <td>{when(i.created_at)}</td>
            <td>{i.expires_at ? when(i.expires_at) : 'Never'}</td>
            <td>
              {i.used_at ? (
                `${i.used_by_email ?? 'deleted account'}, ${when(i.used_at)}`
              ) : (
                <span className="badge badge-success">Unused</span>
              )}
            </td>
          </tr>
        )}
      />
    </>
  );
}

function Feedback() {
  const list = useAdminQuery(['feedback'], 'adminFeedback');
  return (
    <InboxTable
      label="Feedback"
      headings={['Type', 'Feedback', 'From', 'Sent']}
      rows={list.data?.feedback}
      error={list.error}
      empty="No feedback yet."
      row={(f) => (
        <tr key={f.id}>
          <td>
            <span className="badge">{f.type}</span>
          </td>
          <td className="admin-message">{f.text}</td>
          <td>
            {f.email ?? '—'}
            {f.shop_name && <div className="muted">{f.shop_name}</div>}
          </td>
          <td>{when(f.created_at)}</td>
        </tr>
      )}
    />
  );
}

function ContactMessages() {
  const list = useAdminQuery(['contact'], 'adminContactMessages');
  return (
    <InboxTable
      label="Contact messages"
      headings={['Name', 'Email', 'Message', 'Sent']}
      rows={list.data?.messages}
      error={list.error}
      empty="No messages yet."
      row={(c) => (
        <tr key={c.id}>
          <td>{c.name}</td>
          <td>
            <a href={`mailto:${c.email}`}>{c.email}</a>
          </td>
          <td className="admin-message">{c.message}</td>
          <td>{when(c.created_at)}</td>
        </tr>
      )}
    />
  );
}

/** One inbox as a table: its load error, headings, a loading and an empty row, then a row each. */
function InboxTable<T>({
  label,
  headings,
  rows,
  error,
  empty,
  row,
}: {
  label: string;
  headings: string[];
  rows: T[] | undefined;
  error: unknown;
  empty: string;
  row: (item: T) => ReactNode;
}) {
  return (
    <>
      <LoadError error={error} />
      <div className="table-wrap">
        <table className="table" aria-label={label}>
          <thead>
            <tr>
              {headings.map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {!rows ? (
              <TableMessageRow columns={headings.length}>{messages.admin.loading}</TableMessageRow>
            ) : rows.length === 0 ? (
              <TableMessageRow columns={headings.length}>{empty}</TableMessageRow>
            ) : (
              rows.map(row)
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}

import { messages, roleAllows, type TeamMember } from '@cardstock/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { call } from '../../lib/api.ts';
import { hasAuthToken, userRole } from '../../lib/session.ts';
import { useTitle } from '../../lib/use-title.ts';
import { AddUserModal } from './AddUserModal.tsx';
import { RemoveMemberModal } from './RemoveMemberModal.tsx';
import { lastUsedText, roleOptions, toTeamRows, type TeamRow } from './team-view.ts';
import './team.css';
import { TableMessageRow } from '../../components/TableMessageRow.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';

const m = messages.team;
const title = 'Sub-Account Management';
const queryKey = ['team'];

/** The shop's team; a failed load gives an empty list, silently (spec 001 §8). */
const fetchTeam = (): Promise<TeamMember[]> =>
  call('teamList').then(
    (answer) => answer.data,
    () => [],
  );

type Dialog = { kind: 'add' } | { kind: 'remove'; member: TeamRow } | undefined;

/**
 * Sub-Account Management (spec 001 §2.2, §4): the Owner adds members with a
 * role, changes a member's role in place and removes members. The Owner's own
 * row has no actions. Only the Owner manages the team: anyone else sees why,
 * and the screen makes no calls for them.
 */
export function TeamPage() {
  useTitle(title);
  const queryClient = useQueryClient();
  const signedIn = hasAuthToken();
  const canManage = roleAllows(userRole(), 'team');
  const [dialog, setDialog] = useState<Dialog>();
  // The row being edited, by e-mail, and the role picked in its select.
  const [editing, setEditing] = useState<{ email: string; role: string }>();
  const [saving, setSaving] = useState(false);

  const list = useQuery({
    queryKey,
    queryFn: fetchTeam,
    enabled: signedIn && canManage,
    retry: false,
  });
  const rows = toTeamRows(list.data ?? []);

  const reload = () => void queryClient.invalidateQueries({ queryKey });

  async function saveRole() {
    if (!editing || !signedIn) return;
    setSaving(true);
    try {
      await call('teamUpdateRole', { body: editing });
      // The spec updates the row locally; the reload then confirms it from the server.
      queryClient.setQueryData<TeamMember[]>(queryKey, (members) =>
        members?.map((member) => (member.user_email === editing.email ? { ...member, role: editing.role } : member)),
      );
      setEditing(undefined);
      toast.success(m.roleUpdated);
      reload();
    } catch {
      toast.error(m.roleFailed);
    } finally {
      setSaving(false);
    }
  }

  function removed(email: string) {
    queryClient.setQueryData<TeamMember[]>(queryKey, (members) => members?.filter((mb) => mb.user_email !== email));
    setDialog(undefined);
    setEditing(undefined);
    reload();
  }

  return (
    <section className="page team-page">
      <PageHeader title={title} />
      {!canManage ? (
        <p className="muted" role="status">
          {m.ownerOnly}
        </p>
      ) : (
        <>
          <div className="toolbar">
            <button type="button" className="btn btn-primary" onClick={() => setDialog({ kind: 'add' })}>
              + Add User
            </button>
            <span className="team-count" role="status">
              Team members: <strong>{rows.length}</strong>
            </span>
          </div>
          <div className="table-wrap">
            <table className="table team-table">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  <th scope="col">Last Used</th>
                  <th scope="col">Edit</th>
                </tr>
              </thead>
              <tbody>
                {list.isPending && list.fetchStatus === 'fetching' ? (
                  <TableMessageRow columns={5}>Loading team...</TableMessageRow>
                ) : rows.length === 0 ? (
                  <TableMessageRow columns={5}>No team members to show.</TableMessageRow>
                ) : (
                  rows.map((row) => (
                    <MemberRow
                      key={row.id}
                      row={row}
                      editingRole={editing?.email === row.user_email ? editing.role : undefined}
                      saving={saving}
                      onEdit={() => setEditing({ email: row.user_email, role: row.role })}
                      onPick={(role) => setEditing({ email: row.user_email, role })}
                      onSave={() => void saveRole()}
                      onCancel={() => setEditing(undefined)}
                      onRemove={() => setDialog({ kind: 'remove', member: row })}
                    />
                  ))
                )}
              </tbody>
            </table>
          </div>
        </>
      )}

      {dialog?.kind === 'add' && (
        <AddUserModal
          onClose={() => setDialog(undefined)}
          onAdded={() => {
            setDialog(undefined);
            reload();
          }}
        />
      )}
      {dialog?.kind === 'remove' && (
        <RemoveMemberModal
          member={dialog.member}
          onClose={() => setDialog(undefined)}
          onRemoved={() => removed(dialog.member.user_email)}
        />
      )}
    </section>
  );
}

interface MemberRowProps {
  row: TeamRow;
  /** The role picked while this row is edited; undefined when it is not. */
  editingRole: string | undefined;
  saving: boolean;
  onEdit: () => void;
  onPick: (role: string) => void;
  onSave: () => void;
  onCancel: () => void;
  onRemove: () => void;
}

function MemberRow({ row, editingRole, saving, onEdit, onPick, onSave, onCancel, onRemove }: MemberRowProps) {
  const isEditing = editingRole !== undefined && !row.is_owner;
  return (
    <tr>
      <td>
        <span className="team-name">
          {row.name || <span className="muted">(no name)</span>}
          {row.invitation_pending && (
            <span className="badge badge-warning" title="Invited: no password chosen yet">
              Invited
            </span>
          )}
        </span>
      </td>
      <td>{row.user_email}</td>
      <td>
        {isEditing ? (
          <select
            className="team-role-select"
            aria-label={`Role of ${row.name || row.user_email}`}
            value={editingRole}
            disabled={saving}
            onChange={(e) => onPick(e.target.value)}
          >
            {roleOptions.map((role) => (
              <option key={role}>{role}</option>
            ))}
          </select>
        ) : (
          row.role
        )}
      </td>
      <td>
        {row.last_used ? (
          <time dateTime={row.last_used}>{lastUsedText(row.last_used)}</time>
        ) : (
          <span className="muted">{lastUsedText(null)}</span>
        )}
      </td>
      <td>
        {row.is_owner ? null : isEditing ? (
          <span className="team-actions">
            <button type="button" className="btn btn-small btn-primary" disabled={saving} onClick={onSave}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="btn btn-small" disabled={saving} onClick={onCancel}>
              Cancel
            </button>
            <button type="button" className="btn btn-small btn-danger" disabled={saving} onClick={onRemove}>
              Remove
            </button>
          </span>
        ) : (
          <button type="button" className="btn btn-small" onClick={onEdit}>
            Edit
          </button>
        )}
      </td>
    </tr>
  );
}

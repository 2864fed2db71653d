/** A table row's Edit and Delete buttons (each can be disabled, Delete can say why). */
export function RowActions({
  onEdit,
  onDelete,
  editDisabled = false,
  deleteDisabled = false,
  deleteTitle,
  className = 'actions',
}: {
  onEdit: () => void;
  onDelete: () => void;
  editDisabled?: boolean;
  deleteDisabled?: boolean;
  deleteTitle?: string;
  className?: string;
}) {
  return (
    <span className={className}>
      <button type="button" className="btn btn-small" disabled={editDisabled} onClick={onEdit}>
        Edit
      </button>
      <button
        type="button"
        className="btn btn-small btn-danger"
        disabled={deleteDisabled}
        title={deleteTitle}
        onClick={onDelete}
      >
        Delete
      </button>
    </span>
  );
}

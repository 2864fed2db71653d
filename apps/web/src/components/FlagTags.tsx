/**
 * A stock row's flags beside the card, as small tags ("Signed", "Altered"); an unflagged copy, the common case,
 * goes without any. Flags missing from an older server's answer read as unset.
 */
export function FlagTags({ signed, altered }: { signed?: boolean; altered?: boolean }) {
  return (
    <>
      {signed && <span className="badge badge-flag">Signed</span>}
      {altered && <span className="badge badge-flag">Altered</span>}
    </>
  );
}

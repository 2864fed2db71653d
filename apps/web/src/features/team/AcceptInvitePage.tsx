/** Being built: see issue #8. */
export function AcceptInvitePage() {
  return <h1>Join your shop</h1>;
}

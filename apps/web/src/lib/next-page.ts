/**
 * Where a login sends the visitor back to: `/login?next=<page>`. Only a path of this site is followed (`/stats`,
 * `/card-details?id=…`); anything else (`//evil.example`, `https://…`, `/\evil`, the login page itself) is not.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return undefined;
  // Control characters (a tab or newline browsers drop from a URL could turn `/\t/evil` into `//evil`).
  if ([...next].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  const path = next.split(/[?#]/)[0];
  return path === '/login' ? undefined : next;
}

/** The login page that brings the visitor back to `page` (a path with its query) afterwards. */
export const loginPathFor = (page: string): string =>
  safeNext(page) ? `/login?next=${encodeURIComponent(page)}` : '/login';

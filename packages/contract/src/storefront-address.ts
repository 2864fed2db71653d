/**
 * The storefront's own address (issue 38: one address, said alike by the server and every screen): the shop's
 * subdomain on the platform's public host, or its /shop/ path when the platform runs on a bare IP address (no
 * subdomains there).
 */
export function storefrontAddress(publicUrl: string, subdomain: string): string {
  const url = new URL(publicUrl);
  if (/^[\d.]+$/.test(url.hostname) || url.hostname.startsWith('[')) return `${url.origin}/shop/${subdomain}`;
  url.hostname = `${subdomain}.${url.hostname}`;
  return url.origin;
}

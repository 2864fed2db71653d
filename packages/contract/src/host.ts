/**
 * The storefront subdomain of a host name, or undefined in normal mode
 * (spec 001 §2.7): more than two dot-separated parts, or two parts where the
 * second is localhost and the first is not.
 */
export function storefrontSubdomain(hostname: string): string | undefined {
  const parts = hostname.toLowerCase().split('.');
  if (/^\d+$/.test(parts[parts.length - 1] ?? '')) return undefined; // an IP address
  const [first, second] = parts;
  if (parts.length > 2) return first;
  if (parts.length === 2 && second === 'localhost' && first !== 'localhost') return first;
  return undefined;
}

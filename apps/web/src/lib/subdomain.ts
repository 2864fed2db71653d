/**
 * A shop's subdomain as its owner types it (spec 001 §5), in the shop settings and the admin's store forms alike:
 * lower case, and only a-z, 0-9 and hyphens.
 */
export const sanitizeSubdomain = (typed: string): string => typed.toLowerCase().replace(/[^a-z0-9-]/g, '');

import type { PlatformRole, ShopRole } from '@cardstock/contract';

/** Who is calling, as the server established it from the session token. */
export interface Actor {
  userId: number;
  sessionId: number;
  email: string;
  shopId: number | null;
  shopName: string;
  role: ShopRole | null;
  platformRole: PlatformRole;
  /** Set when the caller is a paired tablet (a kiosk), not a person. */
  device?: { id: number; name: string };
}

export const isPlatformStaff = (role: PlatformRole): boolean => role !== 'user';

import { cookies } from '@cardstock/contract';
import Cookies from 'js-cookie';

/** Logged-in state is judged only by the presence of the auth_token cookie (spec 000 §2). */
export const hasAuthToken = (): boolean => Boolean(Cookies.get(cookies.authToken));
export const authToken = (): string | undefined => Cookies.get(cookies.authToken);
export const shopName = (): string | undefined => Cookies.get(cookies.shopName);
export const userRole = (): string | undefined => Cookies.get(cookies.userRole);

/** Session cookies: path /, no expiry (spec 000 §3). */
export function storeSession(values: { token: string; shopName?: string; userRole?: string; isAdmin?: boolean }): void {
  const options = { path: '/', sameSite: 'lax' as const, secure: window.location.protocol === 'https:' };
  Cookies.set(cookies.authToken, values.token, options);
  if (values.shopName !== undefined) Cookies.set(cookies.shopName, values.shopName, options);
  if (values.userRole !== undefined) Cookies.set(cookies.userRole, values.userRole, options);
  if (values.isAdmin !== undefined) Cookies.set(cookies.isAdmin, String(values.isAdmin), options);
}

/** Logout clears auth_token and shopname only; user_role and is_admin stay (spec 000 §2). */
export function clearSession(): void {
  Cookies.remove(cookies.authToken, { path: '/' });
  Cookies.remove(cookies.shopName, { path: '/' });
}

const ENDED_KEY = 'cardstock:session-ended';

/** Remembers, for the login page, that the session ended (a 401): said there even if another redirect wins the race. */
export const markSessionEnded = (): void => sessionStorage.setItem(ENDED_KEY, '1');
/** Whether the session ended since the login page last forgot it (`forgetSessionEnded`). */
export const sessionEnded = (): boolean => sessionStorage.getItem(ENDED_KEY) === '1';
export const forgetSessionEnded = (): void => sessionStorage.removeItem(ENDED_KEY);

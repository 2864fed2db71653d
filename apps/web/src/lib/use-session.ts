import { useLocation } from 'react-router';

/**
 * Cookies change outside React (login, logout, another tab). Reading them on
 * every navigation keeps the header honest without a global store.
 */
export function useSessionVersion(): string {
  return useLocation().key;
}

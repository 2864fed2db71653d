import { useQuery } from '@tanstack/react-query';
import { call } from './api.ts';

/** Server settings the forms need (captcha mode, support address); fetched once per page load. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: () => call('publicConfig'), staleTime: Infinity });
}

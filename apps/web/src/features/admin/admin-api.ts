import { messages, type RouteName, type Routes } from '@cardstock/contract';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { toast } from 'react-toastify';
import { ApiError, call, download, errorText, type CallInput } from '../../lib/api.ts';

type AdminRoute = Extract<RouteName, `admin${string}`>;
type Answer<N extends AdminRoute> = z.output<Routes[N]['response']>;

/** Query values as text, leaving out what is not set (URLSearchParams would send "undefined"). */
function queryText(query: object | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return Object.fromEntries(entries.map(([k, v]) => [k, String(v)]));
}

/** An admin call, its query without unset values (the client sends the session token as `Authorization: Bearer`). */
export function adminCall<N extends AdminRoute>(name: N, input: CallInput<N> = {}): Promise<Answer<N>> {
  return call(name, { ...input, query: queryText(input.query as object | undefined) as CallInput<N>['query'] });
}

/** A refusal of who the caller is (not signed in, or not platform staff): the access error view. */
export const isAccessError = (err: unknown): err is ApiError =>
  err instanceof ApiError && (err.status === 401 || err.status === 403);

/** An admin read with react-query; a refusal is not retried (the access view shows at once). */
export function useAdminQuery<N extends AdminRoute>(
  key: readonly unknown[],
  name: N,
  input: CallInput<N> = {},
  options: Omit<UseQueryOptions<Answer<N>>, 'queryKey' | 'queryFn'> = {},
) {
  return useQuery<Answer<N>>({
    queryKey: ['admin', ...key],
    queryFn: () => adminCall(name, input),
    retry: (count, err) => !isAccessError(err) && count < 1,
    ...options,
  });
}

/** Downloads an admin file answer (a report) under the name the server gives it. */
export function downloadAdminFile(
  name: 'adminReportExport',
  query: NonNullable<CallInput<'adminReportExport'>['query']>,
): Promise<string> {
  return download(name, { query }, 'report');
}

/**
 * An admin change from a button or a dialog: the server's sentence as a toast
 * and `then` (close, reload) on success; the refusal as a toast otherwise.
 * Answers whether it worked, as `ConfirmModal` wants (it stays open on false).
 */
export async function adminChange(
  run: () => Promise<{ message: string }>,
  then: () => unknown = () => undefined,
): Promise<boolean> {
  try {
    toast.success((await run()).message);
    await then();
    return true;
  } catch (err) {
    toast.error(errorText(err, messages.admin.saveFailed));
    return false;
  }
}

import { CACHE_MS, ERROR_TYPES } from '@openrescue/shared';
import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiRequestError, toApiError } from './api-errors';
import { showErrorDialog } from './error-events';
import { getProductName } from './product-name';
import { getSession } from './session';

declare module '@tanstack/react-query' {
  interface Register {
    /** errorDialog: false keeps a failed load out of the shared error dialog (the screen shows it itself). */
    queryMeta: { errorDialog?: boolean };
  }
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1 || !(error instanceof ApiRequestError)) return false;
  return error.type === ERROR_TYPES.network || (error.status !== null && error.status >= 500);
}

function reportLoadError(error: unknown): void {
  const apiError = toApiError(error, getProductName());
  // Without a session the API client is already sending the visitor to /login.
  if (apiError.status === 401 && !getSession()) return;
  // A missing object (another tenant's answers the same) is the screen's own state: every screen that loads one by
  // id says so in place (report, poster, panels), and a dialog beside it would say it twice (decision 0057).
  if (apiError.status === 404) return;
  showErrorDialog({ type: apiError.type, message: apiError.message, detail: apiError.detail, source: 'load' });
}

export function createAppQueryClient(onLoadError: (error: unknown) => void = reportLoadError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorDialog !== false) onLoadError(error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: CACHE_MS,
        gcTime: CACHE_MS * 2, // must not be shorter than staleTime or cached data is dropped while still fresh
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        // Offline, a load is still tried, so it fails at once with the offline message instead of waiting unseen.
        networkMode: 'always',
      },
      // The default ('online') holds a write made offline and sends it by itself when the connection returns. Here
      // it fails at once with the offline message and is never replayed: the user retries (decision 0057).
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createAppQueryClient();

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
  showErrorDialog({ type: apiError.type, message: apiError.message, detail: apiError.detail });
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
      },
    },
  });
}

export const queryClient = createAppQueryClient();

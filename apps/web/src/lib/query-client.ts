import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, messageOf } from './api-error.ts';
import { notifyError } from './notify.tsx';

declare module '@tanstack/react-query' {
  interface Register {
    /** `errorHandled`: the screen shows the error itself (a form, an error state), so no toast. */
    mutationMeta: { errorHandled?: boolean; errorMessage?: string };
    queryMeta: { errorHandled?: boolean };
  }
}

/** Every failed call is reported exactly once: here, unless the screen said it handles it. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: true,
      },
    },
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.meta?.errorHandled || query.state.data !== undefined) return;
        if (error instanceof ApiError && error.status === 401) return;
        notifyError(error.message);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.errorHandled) return;
        if (error instanceof ApiError && error.status === 401) return;
        const failureMessage = mutation.meta?.errorMessage;
        notifyError(failureMessage ? messageOf(error, failureMessage) : error.message);
      },
    }),
  });

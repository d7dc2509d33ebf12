import { QueryClient } from '@tanstack/react-query';
import { ssrState } from './ssr.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

// A page the server drew arrives with its data: the cache starts with it, so hydration draws the
// same page without asking again.
if (!import.meta.env.SSR) {
  for (const [key, data] of ssrState()?.queries ?? []) queryClient.setQueryData(key, data);
}

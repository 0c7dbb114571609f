import { QueryClient } from '@tanstack/react-query';

/** Spec §9: a retry delay of 2000 ms is defined, but retry is disabled. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

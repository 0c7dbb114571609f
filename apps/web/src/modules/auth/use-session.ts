import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../core/api/query-keys';
import { fetchAuthorizes, fetchMe } from './session.api';

/** The logged-in session of spec §3: user (with authorities) and the facility. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.session.me(), queryFn: fetchMe, staleTime: 5 * 60_000 });
}

export function useAuthorizes() {
  return useQuery({ queryKey: queryKeys.session.authorizes(), queryFn: fetchAuthorizes, staleTime: 5 * 60_000 });
}

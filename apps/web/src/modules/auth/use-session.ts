import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../core/api/query-keys';
import { fetchAuthorizes } from './session.api';

/** The session query lives in core (core/crud's generic list needs it); modules keep importing it from here. */
export { useMe } from '../../core/auth/session';

export function useAuthorizes() {
  return useQuery({ queryKey: queryKeys.session.authorizes(), queryFn: fetchAuthorizes, staleTime: 5 * 60_000 });
}

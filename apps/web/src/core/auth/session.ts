import { useQuery } from '@tanstack/react-query';
import type { MeData } from '@portal/shared/contracts/auth.contract';
import type { Envelope } from '@portal/shared/core/api';
import { API_PREFIX, api } from '../api/api-client';
import { queryKeys } from '../api/query-keys';

export async function fetchMe(): Promise<MeData> {
  return (await api.get<Envelope<MeData>>(`${API_PREFIX}/user/me`)).data;
}

/** The logged-in session of spec §3: user (with authorities) and the facility. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.session.me(), queryFn: fetchMe, staleTime: 5 * 60_000 });
}

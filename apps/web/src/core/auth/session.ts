import { useQuery } from '@tanstack/react-query';
import type { authEndpoints, MeData } from '@portal/shared/contracts/auth.contract';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import type { EndpointResponse } from '@portal/shared/core/endpoint';
import { api } from '../api/api-client';
import { queryKeys } from '../api/query-keys';

/** GET /user/me, typed by `authEndpoints.me` (a type-only import: the admin shell's first load has no zod). */
export async function fetchMe(): Promise<MeData> {
  return (await api.get<EndpointResponse<typeof authEndpoints.me>>(AUTH_PATHS.me)).data;
}

/** The logged-in session of spec §3: user (with authorities) and the facility. */
export function useMe() {
  return useQuery({ queryKey: queryKeys.session.me(), queryFn: fetchMe, staleTime: 5 * 60_000 });
}

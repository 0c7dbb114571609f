import type { AuthorizeRow, authEndpoints } from '@portal/shared/contracts/auth.contract';
import { AUTH_PATHS } from '@portal/shared/contracts/auth.paths';
import type { EndpointResponse } from '@portal/shared/core/endpoint';
import { api } from '../../core/api/api-client';

/*
 * The session reads every admin screen needs (use-session.ts; `me` is core/auth/session.ts), apart from auth.api.ts whose
 * sign-in and password calls bring the MD5 code: the shell and the first screen after sign-in
 * do not download it (issue 13). Typed by `authEndpoints` with a type-only import: the shell's first load has no zod.
 */

export async function fetchAuthorizes(): Promise<AuthorizeRow[]> {
  return (await api.get<EndpointResponse<typeof authEndpoints.authorizes>>(AUTH_PATHS.authorizes)).data;
}

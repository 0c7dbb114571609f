import type { Envelope } from '@portal/shared/core/api';
import { API_PREFIX, api } from '../../core/api/api-client';

/*
 * The session reads every admin screen needs (use-session.ts; `me` is core/auth/session.ts), apart from auth.api.ts whose
 * sign-in and password calls bring the MD5 code: the shell and the first screen after sign-in
 * do not download it (issue 13).
 */

export interface AuthorizeRow {
  code: string;
  name: string;
  granted: boolean;
}

export async function fetchAuthorizes(): Promise<AuthorizeRow[]> {
  return (await api.get<Envelope<AuthorizeRow[]>>(`${API_PREFIX}/user/authorizes`)).data;
}

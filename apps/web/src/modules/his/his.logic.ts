import type {
  ConnectionBody,
  ConnectionDto,
  HisAuthType,
  HisCheckinStatus,
  HisItemAction,
  HisMatchMethod,
  HisRunStatus,
  RunDto,
} from '@portal/shared/contracts/his.contract';

/** The form's "Không tự động" of the daily sync hour (a select cannot hold null as a choice). */
export const NO_SYNC_HOUR = -1;

/** The connection form: the body, with the sync hour as a choice and the secret as typed. */
export type ConnectionForm = Omit<ConnectionBody, 'syncHour' | 'username' | 'clientId' | 'tokenUrl' | 'secret'> & {
  syncHour: number;
  username: string;
  clientId: string;
  tokenUrl: string;
  secret: string;
};

/** Defaults of a facility with no connection yet (the server answers `configured: false` with its own defaults too). */
export function connectionFormOf(c: ConnectionDto): ConnectionForm {
  return {
    enabled: c.enabled,
    baseUrl: c.baseUrl,
    authType: c.secretKeyConfigured ? c.authType : 'NONE',
    username: c.username ?? '',
    clientId: c.clientId ?? '',
    tokenUrl: c.tokenUrl ?? '',
    secret: '',
    hisOrganizationId: c.hisOrganizationId,
    patientCodeSystem: c.patientCodeSystem,
    timeoutSeconds: c.timeoutSeconds,
    pageSize: c.pageSize,
    maxPages: c.maxPages,
    syncHour: c.syncHour ?? NO_SYNC_HOUR,
    nightlyPull: c.nightlyPull,
    sendCheckins: c.sendCheckins,
  };
}

/** The fields an auth type asks for besides the secret. */
export const AUTH_FIELDS: Record<HisAuthType, readonly ('username' | 'clientId' | 'tokenUrl' | 'secret')[]> = {
  NONE: [],
  BASIC: ['username', 'secret'],
  BEARER: ['secret'],
  OAUTH2: ['clientId', 'tokenUrl', 'secret'],
};

/** The body to save: only the auth type's own fields; an empty secret is left out (the stored one is kept). */
export function connectionBodyOf(v: ConnectionForm): ConnectionBody {
  const fields = AUTH_FIELDS[v.authType];
  const secret = v.secret ?? '';
  return {
    enabled: v.enabled,
    baseUrl: v.baseUrl.trim(),
    authType: v.authType,
    ...(fields.includes('username') ? { username: v.username.trim() } : {}),
    ...(fields.includes('clientId') ? { clientId: v.clientId.trim() } : {}),
    ...(fields.includes('tokenUrl') ? { tokenUrl: v.tokenUrl.trim() } : {}),
    ...(fields.includes('secret') && secret !== '' ? { secret } : {}),
    hisOrganizationId: v.hisOrganizationId.trim(),
    patientCodeSystem: v.patientCodeSystem.trim(),
    timeoutSeconds: v.timeoutSeconds,
    pageSize: v.pageSize,
    maxPages: v.maxPages,
    syncHour: v.syncHour === NO_SYNC_HOUR ? null : v.syncHour,
    nightlyPull: v.nightlyPull,
    sendCheckins: v.sendCheckins,
  };
}

/** A run the worker has not finished: the runs list and the drawer re-read every POLL_MS while one is. */
export const runActive = (r: Pick<RunDto, 'status'>) => r.status === 'QUEUED' || r.status === 'RUNNING';
export const POLL_MS = 2000;

export const RUN_STATUS_COLOR: Record<HisRunStatus, string | undefined> = {
  QUEUED: undefined,
  RUNNING: 'processing',
  DONE: 'success',
  PARTIAL: 'warning',
  FAILED: 'error',
};
export const ITEM_ACTION_COLOR: Record<HisItemAction, string | undefined> = { CREATED: 'success', UPDATED: 'blue', SKIPPED: undefined, FAILED: 'error' };
export const CHECKIN_STATUS_COLOR: Record<HisCheckinStatus, string | undefined> = { PENDING: 'processing', SENT: 'success', FAILED: 'error' };
export const MATCH_COLOR: Record<HisMatchMethod, string> = { CODE: 'green', NAME: 'cyan', MANUAL: 'blue', CREATED: 'purple' };

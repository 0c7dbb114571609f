import { z } from 'zod';
import { envelope, pageEnvelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { pagingParams } from '../core/list-query';

/** Background jobs (core/jobs) as the admin API shows them: no payload (it may carry personal data). */
export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobStateName = (typeof JOB_STATES)[number];

export const JOB_STATE_LABELS: Record<JobStateName, string> = {
  queued: 'Đang chờ',
  running: 'Đang chạy',
  done: 'Đã xong',
  dead: 'Thất bại',
};

export const JOBS_PATH = '/api/his/v1/jobs';

export const jobListQuery = z.object({
  state: z.enum(JOB_STATES, { message: 'Trạng thái phải là một trong: queued, running, done, dead' }).optional(),
  ...pagingParams(),
});

export const jobRow = z.object({
  id: z.number().int(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** A system job (no facility): visible only to ADMIN_FACILITY. */
  system: z.boolean(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  runAt: z.string(),
  key: z.string().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type JobRowDto = z.infer<typeof jobRow>;

export const jobPage = pageEnvelope(jobRow);
export const jobResponse = envelope(jobRow);
export const jobCountsResponse = envelope(z.object({ queued: z.number().int(), running: z.number().int(), done: z.number().int(), dead: z.number().int() }));
export const jobIdParam = z.object({ id: z.coerce.number().int().positive('Mã không hợp lệ').max(Number.MAX_SAFE_INTEGER, 'Mã không hợp lệ') });

/** The jobs admin API, written once for the server and the web (core/endpoint.ts). */
export const jobEndpoints = {
  list: endpoint({
    method: 'GET',
    path: JOBS_PATH,
    summary: 'Công việc nền: danh sách theo trạng thái (mới nhất trước)',
    query: jobListQuery,
    response: jobPage,
    errors: [400, 401, 403],
  }),
  counts: endpoint({
    method: 'GET',
    path: `${JOBS_PATH}/counts`,
    summary: 'Công việc nền: số lượng theo trạng thái',
    response: jobCountsResponse,
    errors: [401, 403],
  }),
  retry: endpoint({
    method: 'POST',
    path: `${JOBS_PATH}/:id/retry`,
    summary: 'Công việc nền: chạy lại một công việc thất bại',
    params: jobIdParam,
    response: jobResponse,
    errors: [400, 401, 403, 404, 409],
  }),
};

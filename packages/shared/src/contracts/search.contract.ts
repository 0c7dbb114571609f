import { z } from 'zod';
import { envelope } from '../core/api';
import { endpoint } from '../core/endpoint';
import { MSG } from '../messages.vi';
import { SMART_SEARCH_LIMIT, SMART_SEARCH_LIMIT_MAX, SMART_SEARCH_QUERY_MAX } from '../rules/smart-search';

export const SMART_SEARCH_PATH = '/api/catalog/v1/smart-search';

/** Smart search (issue 15, item 3; spec §7 "smart-search"): patients, bookings, doctors and services the caller may see. */
export const smartSearchQuery = z.object({
  q: z.string({ message: MSG.smartSearchQuery }).trim().min(1, MSG.smartSearchQuery).max(SMART_SEARCH_QUERY_MAX, MSG.smartSearchQuery),
  limit: z
    .string()
    .regex(/^\d{1,2}$/, `Số kết quả mỗi nhóm từ 1 đến ${SMART_SEARCH_LIMIT_MAX}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, `Số kết quả mỗi nhóm từ 1 đến ${SMART_SEARCH_LIMIT_MAX}`)
        .max(SMART_SEARCH_LIMIT_MAX, `Số kết quả mỗi nhóm từ 1 đến ${SMART_SEARCH_LIMIT_MAX}`),
    )
    .optional()
    .default(SMART_SEARCH_LIMIT),
});

/** One hit: what the list shows (title, subtitle), its rank (rules/smart-search.ts) and what opens it. */
export const smartHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  rank: z.number().int(),
  /** A patient's account (its record: /admin/chi-tiet-y-ba/:userId). */
  userId: z.number().int().optional(),
  /** A service's or a booking's code (the service list filtered to it). */
  code: z.string().optional(),
});
export type SmartHit = z.infer<typeof smartHit>;

export const smartGroup = z.object({
  group: z.enum(['patients', 'bookings', 'doctors', 'services']),
  hits: z.array(smartHit),
});
export type SmartGroupDto = z.infer<typeof smartGroup>;
export const smartSearchResponse = envelope(z.object({ groups: z.array(smartGroup) }));
export type SmartSearchResponse = z.infer<typeof smartSearchResponse>;

export const smartSearchEndpoints = {
  search: endpoint({
    method: 'GET',
    path: SMART_SEARCH_PATH,
    summary: 'Tìm kiếm nhanh: bệnh nhân, đặt khám, bác sĩ, dịch vụ mà người dùng được xem',
    query: smartSearchQuery,
    response: smartSearchResponse,
    errors: [400, 401, 403],
  }),
};

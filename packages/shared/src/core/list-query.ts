import { z } from 'zod';

/**
 * The one list query of every list screen and list route (STYLE §7):
 * `?page=0&size=20&sort=name,asc&q=text&<filter>=<value>`. Page is zero-based; filters are the
 * resource's declared filter fields, each compared for equality; `q` searches the resource's
 * searchable text without diacritics.
 */
export const LIST_MAX_SIZE = 100;
export const LIST_DEFAULT_SIZE = 20;

export type SortDirection = 'asc' | 'desc';
export interface ListQuery {
  page: number;
  size: number;
  sort?: { field: string; direction: SortDirection };
  q?: string;
  filters: Record<string, string | number | boolean>;
}

export const pageParam = z
  .string()
  .regex(/^\d{1,6}$/, 'Trang phải là số nguyên không âm')
  .transform(Number);
export const sizeParam = z
  .string()
  .regex(/^\d{1,3}$/, 'Số dòng mỗi trang phải là số nguyên')
  .transform(Number)
  .pipe(z.number().min(1, 'Số dòng mỗi trang tối thiểu 1').max(LIST_MAX_SIZE, `Số dòng mỗi trang tối đa ${LIST_MAX_SIZE}`));

/** `page` (zero-based, default 0) and `size` (1..100) of any paged route's query string. */
export function pagingParams(defaultSize: number = LIST_DEFAULT_SIZE) {
  return { page: pageParam.optional().default(0), size: sizeParam.optional().default(defaultSize) };
}

/** The zod schema of a resource's list query string, given its sortable and filterable fields. */
export function listQuerySchema(opts: { sortable: readonly string[]; filters: Record<string, z.ZodType<string | number | boolean | undefined>> }) {
  const sortValues = opts.sortable.flatMap((f) => [f, `${f},asc`, `${f},desc`]);
  return z
    .object({
      page: pageParam.optional().default(0),
      size: sizeParam.optional().default(LIST_DEFAULT_SIZE),
      sort: z
        .string()
        .refine((s) => sortValues.includes(s), { message: 'Cột sắp xếp không hợp lệ' })
        .optional(),
      q: z.string().trim().max(200, 'Từ khoá tìm kiếm tối đa 200 ký tự').optional(),
      ...opts.filters,
    })
    .transform((raw): ListQuery => {
      const { page, size, sort, q, ...rest } = raw as Record<string, unknown> & { page: number; size: number; sort?: string; q?: string };
      const [field, dir] = (sort ?? '').split(',');
      const filters: ListQuery['filters'] = {};
      for (const [k, v] of Object.entries(rest)) if (v !== undefined) filters[k] = v as string | number | boolean;
      return {
        page,
        size,
        sort: field ? { field, direction: dir === 'desc' ? 'desc' : 'asc' } : undefined,
        q: q || undefined,
        filters,
      };
    });
}

/** Query-string filter values: booleans and integer ids arrive as text. */
export const boolFilter = z.enum(['true', 'false'], { message: 'Giá trị phải là true hoặc false' }).transform((v) => v === 'true');
export const idFilter = z
  .string()
  .regex(/^\d{1,9}$/, 'Mã phải là số nguyên dương')
  .transform(Number);

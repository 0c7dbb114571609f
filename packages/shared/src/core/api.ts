import { z } from 'zod';

/** Envelope of ARCHITECTURE.md: `{ code: 0, message?, data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(0), message: z.string().optional(), data });
}

/** A page of a list: `{ code: 0, data: [...], totalElements, totalPage, page, size }`, page zero-based. */
export function pageEnvelope<T extends z.ZodType>(row: T) {
  return z.object({
    code: z.literal(0),
    message: z.string().optional(),
    data: z.array(row),
    totalElements: z.number().int(),
    totalPage: z.number().int(),
    page: z.number().int(),
    size: z.number().int(),
  });
}

export const fieldError = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldError>;

/** Error body: the HTTP status carries the meaning; `code` repeats it (spec §8 reads code or status). */
export const errorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.array(fieldError).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

/** The list envelope of one page (ARCHITECTURE "API conventions"): rows, the total and the page's place. */
export const pageOf = <T>(rows: T[], total: number, q: { page: number; size: number }) => ({
  code: 0 as const,
  data: rows,
  totalElements: total,
  totalPage: Math.ceil(total / q.size),
  page: q.page,
  size: q.size,
});

export interface Page<T> {
  code: 0;
  message?: string;
  data: T[];
  totalElements: number;
  totalPage: number;
  page: number;
  size: number;
}

export interface Envelope<T> {
  code: number;
  message?: string;
  data: T;
}

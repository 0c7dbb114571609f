import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';

/** Reading a list's filters back from the URL (a filtered list can be bookmarked, and Back returns to it). */

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_SIZES = [10, 20, 50, 100];

/** A whole number above 0, or undefined. */
export function positiveParam(v: string | null): number | undefined {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** A day YYYY-MM-DD, or undefined. */
export const dayParam = (v: string | null): string | undefined => (v && ISO_DAY.test(v) ? v : undefined);

/** One of the pager's sizes, or the default. */
export function sizeParam(v: string | null): number {
  const n = Number(v);
  return PAGE_SIZES.includes(n) ? n : LIST_DEFAULT_SIZE;
}

/** A value of `allowed`, or undefined. */
export const oneOfParam = <T extends string>(v: string | null, allowed: readonly T[]): T | undefined =>
  v !== null && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;

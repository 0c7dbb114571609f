/**
 * The detail view of a list screen is kept in the URL (`?doctor=12`), so a link or a reload opens
 * the same row again. Pure helpers of `useDetailParam` (use-detail-param.ts).
 */

const ID = /^[1-9]\d{0,8}$/;

/** The id of the row whose detail is open; null when the parameter is absent or not an id. */
export function detailIdOf(params: URLSearchParams, param: string): number | null {
  const v = params.get(param) ?? '';
  return ID.test(v) ? Number(v) : null;
}

/** The same parameters with the detail of `id` open, or closed (null); the others are kept. */
export function withDetailId(params: URLSearchParams, param: string, id: number | null): URLSearchParams {
  const next = new URLSearchParams(params);
  if (id === null) next.delete(param);
  else next.set(param, String(id));
  return next;
}

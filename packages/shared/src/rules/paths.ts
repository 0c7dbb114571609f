/**
 * `/admin/users///` → `/admin/users`. A loop rather than `replace(/\/+$/, '')`: that pattern is
 * retried from every slash of a long run that is not at the end, n² steps for a crafted path.
 */
export function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 0x2f) end--;
  return path.slice(0, end);
}

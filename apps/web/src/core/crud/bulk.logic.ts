/**
 * Bulk actions call the single-row route once per row (there is no bulk route: each change is
 * audited as its own write). A few at a time, so a page of 100 does not flood the server.
 */
export interface BulkResult {
  total: number;
  succeeded: number;
  failed: number;
  /** Why each failed item failed (the server's refusal, e.g. a row still in use), in item order. */
  errors: unknown[];
}

export async function runBulk<T>(items: readonly T[], action: (item: T) => Promise<unknown>, concurrency = 4): Promise<BulkResult> {
  let next = 0;
  let succeeded = 0;
  const failures: { index: number; error: unknown }[] = [];
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      try {
        await action(items[index]);
        succeeded += 1;
      } catch (error) {
        // Reported by the caller; the API client already toasted a 403.
        failures.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  failures.sort((a, b) => a.index - b.index);
  return { total: items.length, succeeded, failed: items.length - succeeded, errors: failures.map((f) => f.error) };
}

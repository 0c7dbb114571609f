/**
 * What a search box sends. "Changed" is judged against the last search sent or seen in the URL, not
 * only the `q` the box was last rendered with: the router applies a URL change in a transition, so
 * under load the next keystroke's report can come before the previous search reached `q`.
 */
export interface SearchSender {
  /** The URL's search reached the box. */
  seen(q: string): void;
  /** The debounced text of the box: the trimmed search to send, or null when nothing changed. */
  report(text: string): string | null;
}

export function createSearchSender(initial: string): SearchSender {
  let last = initial;
  return {
    seen(q) {
      last = q;
    },
    report(text) {
      const next = text.trim();
      if (next === last) return null;
      last = next;
      return next;
    },
  };
}

/**
 * The file name of a download: RFC 6266 `filename*=UTF-8''…` (Vietnamese names) first, then
 * `filename="…"`, else the fallback. Path separators are dropped so a header cannot pick a folder.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback: string): string {
  if (header) {
    const star = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(header);
    if (star) {
      try {
        return clean(decodeURIComponent(star[2].trim().replace(/^"|"$/g, ''))) || fallback;
      } catch {
        // A malformed escape: try the plain parameter.
      }
    }
    const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;]+))/i.exec(header);
    if (plain) {
      const name = clean((plain[1] ?? plain[2] ?? '').replace(/\\(.)/g, '$1').trim());
      if (name) return name;
    }
  }
  return fallback;
}

function clean(name: string): string {
  return name.replace(/[/\\]/g, '_').replace(/^\.+/, '');
}

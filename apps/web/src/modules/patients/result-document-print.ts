const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const ESCAPE_RE = /[&<>"']/g;

/** Text made safe to place in HTML. */
export function escapeHtml(s: string): string {
  return s.replace(ESCAPE_RE, (c) => ESCAPES[c]!);
}

/** A4 print styles of an imported result page (the page's own styles were dropped by the server's sanitiser). */
const STYLE = `
  @page { size: A4; margin: 15mm; }
  body { font-family: 'Times New Roman', serif; font-size: 13pt; color: #000; margin: 16px; line-height: 1.4; }
  header { border-bottom: 1px solid #000; margin-bottom: 12px; padding-bottom: 6px; font-size: 11pt; }
  table { border-collapse: collapse; width: 100%; margin: 8px 0; }
  th, td { border: 1px solid #555; padding: 4px 6px; text-align: left; vertical-align: top; }
  img { max-width: 100%; }
  @media print { body { margin: 0; } }
`;

/**
 * The whole document a sandboxed frame shows and prints: the visit's heading (escaped) above the page's
 * HTML exactly as the server stored it (sanitised there: no script, style, frame or external image).
 */
export function printDocumentHtml(p: { title: string; heading: string; html: string }): string {
  return `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>${escapeHtml(p.title)}</title><style>${STYLE}</style></head><body><header>${escapeHtml(p.heading)}</header><main>${p.html}</main></body></html>`;
}

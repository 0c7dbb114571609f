import { describe, expect, it } from 'vitest';
import { escapeHtml, printDocumentHtml } from './result-document-print';

describe('printDocumentHtml', () => {
  it.each([
    ['plain', 'Kết quả', 'Kết quả'],
    ['markup', '<b>x</b>', '&lt;b&gt;x&lt;/b&gt;'],
    ['quotes and ampersand', `"A" & 'B'`, '&quot;A&quot; &amp; &#39;B&#39;'],
  ])('escapes %s text', (_l, text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });

  it('puts the escaped heading and title around the stored HTML, with A4 print styles', () => {
    const doc = printDocumentHtml({ title: 'KQ </title><script>', heading: 'Nguyễn Văn An <BN1>', html: '<table><tr><td>Glucose</td></tr></table>' });
    expect(doc).toContain('<title>KQ &lt;/title&gt;&lt;script&gt;</title>');
    expect(doc).toContain('<header>Nguyễn Văn An &lt;BN1&gt;</header>');
    expect(doc).toContain('<main><table><tr><td>Glucose</td></tr></table></main>');
    expect(doc).toContain('@page { size: A4');
    expect(doc).not.toContain('<script>');
  });
});

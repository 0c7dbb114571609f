import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { RICH_TEXT_MAX_CHARS, isContentImageSrc, isSafeLinkHref } from '@portal/shared/contracts/content.contract';
import { AppError } from '../errors';
import { ALLOWED_TAGS, plainText, sanitizeRichText } from './sanitize';

const IMG = '/api/content/v1/images/0123456789abcdef0123456789abcdef.png';
const san = (html: string) => sanitizeRichText(html).html;

const ATTRS: Record<string, readonly string[]> = {
  a: ['href', 'rel', 'target'],
  img: ['src', 'alt', 'width', 'height'],
  ol: ['start'],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

/**
 * Structural proof that an output is harmless, independent of the sanitiser's own code: parsed
 * again, every element is on the allow-list, every attribute is allowed for its element, every link
 * is a safe absolute URL opening with noopener, every image is one of ours, and no comment,
 * processing instruction or CDATA survives.
 */
function expectHarmless(html: string): void {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (!(ALLOWED_TAGS as readonly string[]).includes(name)) problems.push(`tag ${name}`);
        for (const [k, v] of Object.entries(attribs)) {
          if (!(ATTRS[name] ?? []).includes(k)) problems.push(`attribute ${name}[${k}]`);
          if (/^\s*(?:javascript|data|vbscript):/i.test(v)) problems.push(`url ${v}`);
        }
        if (name === 'a') {
          if (!isSafeLinkHref(attribs.href)) problems.push(`href ${attribs.href}`);
          if (attribs.rel !== 'noopener noreferrer' || attribs.target !== '_blank') problems.push('link without noopener');
        }
        if (name === 'img' && !isContentImageSrc(attribs.src)) problems.push(`src ${attribs.src}`);
      },
      oncomment: () => problems.push('comment'),
      onprocessinginstruction: (n) => problems.push(`instruction ${n}`),
      oncdatastart: () => problems.push('cdata'),
    },
    { decodeEntities: true, recognizeCDATA: true },
  );
  parser.write(html);
  parser.end();
  expect(problems, html).toEqual([]);
  // nothing executable even as raw text of the markup
  expect(html).not.toMatch(/<\s*(?:script|style|svg|math|iframe|object|embed|form|input|base|meta|link|textarea|noscript)/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  // stable: sanitising the output again changes nothing
  expect(san(html)).toBe(html);
}

/** [name, hostile input, expected sanitised HTML] */
const HOSTILE: [string, string, string][] = [
  // script in all its spellings
  ['script tag', '<p>Xin chào</p><script>alert(1)</script>', '<p>Xin chào</p>'],
  ['upper-case script with src', '<SCRIPT SRC=//evil.example/x.js></SCRIPT>', ''],
  ['script split by a nested script (the rest is inert text)', '<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
  ['script built from escaped brackets', '<<script>script>alert(1)<</script>/script>', '&lt;/script&gt;'],
  ['script inside a comment', '<!--<script>alert(1)</script>--><p>a</p>', '<p>a</p>'],
  ['CDATA section', '<![CDATA[<script>alert(1)</script>]]><p>a</p>', '<p>a</p>'],
  ['escaped script stays text', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'],
  // event handlers
  ['img onerror', '<img src=x onerror=alert(1)>', ''],
  ['onclick on an allowed tag', '<p onclick="alert(1)">Khám bệnh</p>', '<p>Khám bệnh</p>'],
  [
    'onmouseover on a link, target/rel of the author',
    '<a href="https://benhvien.vn" target="_self" rel="opener" onmouseover="alert(1)">BV</a>',
    '<a href="https://benhvien.vn" rel="noopener noreferrer" target="_blank">BV</a>',
  ],
  ['handler on our own image', `<img src="${IMG}" onerror="alert(1)" onload="alert(2)">`, `<img src="${IMG}" alt="" />`],
  ['body onload', '<body onload="alert(1)"><p>a</p></body>', '<p>a</p>'],
  // javascript:, data:, vbscript: and friends
  ['javascript: link', '<a href="javascript:alert(1)">bấm</a>', 'bấm'],
  ['mixed-case javascript:', '<a href="JaVaScRiPt:alert(1)">bấm</a>', 'bấm'],
  ['javascript: with an encoded tab', '<a href="java&#x09;script:alert(1)">bấm</a>', 'bấm'],
  ['javascript: fully entity-encoded', '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">bấm</a>', 'bấm'],
  ['javascript: after spaces and a newline', '<a href=" \njavascript:alert(1)">bấm</a>', 'bấm'],
  ['data: HTML link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">bấm</a>', 'bấm'],
  ['data: image', '<img src="data:image/png;base64,iVBORw0KGgo=">', ''],
  ['vbscript: link', '<a href="vbscript:msgbox(1)">bấm</a>', 'bấm'],
  ['file: link', '<a href="file:///etc/passwd">bấm</a>', 'bấm'],
  [
    'xlink:href beside a good href',
    '<a href="https://benhvien.vn" xlink:href="javascript:alert(1)">BV</a>',
    '<a href="https://benhvien.vn" rel="noopener noreferrer" target="_blank">BV</a>',
  ],
  [
    'javascript: in a table cell background',
    '<table><tbody><tr><td background="javascript:alert(1)">a</td></tr></tbody></table>',
    '<table><tbody><tr><td>a</td></tr></tbody></table>',
  ],
  // links and images that are not URLs of ours
  ['protocol-relative link', '<a href="//evil.example">bấm</a>', 'bấm'],
  ['relative link', '<a href="/api/his/v1/user/logout">bấm</a>', 'bấm'],
  ['https without slashes', '<a href="https:evil.example">bấm</a>', 'bấm'],
  ['remote tracking image', '<img src="https://tracker.example/pixel.gif">', ''],
  ['protocol-relative copy of our image', `<img src="//evil.example${IMG}">`, ''],
  ['path traversal in an image src', '<img src="/api/content/v1/images/../../his/v1/user/me">', ''],
  ['SVG from our image route', '<img src="/api/content/v1/images/0123456789abcdef0123456789abcdef.svg">', ''],
  ['bad image sizes', `<img src="${IMG}" width="100%" height="99999999" alt="Ảnh">`, `<img src="${IMG}" alt="Ảnh" />`],
  // SVG and MathML
  ['svg onload', '<svg onload=alert(1)><circle r="1"/></svg><p>a</p>', '<p>a</p>'],
  ['script inside svg', '<svg><script>alert(1)</script></svg>', ''],
  ['svg foreignObject', '<svg><foreignObject><img src=x onerror=alert(1)></foreignObject></svg>', ''],
  ['math mXSS', '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>', ''],
  // styles
  ['style attribute with a url', '<p style="background:url(javascript:alert(1))">a</p>', '<p>a</p>'],
  ['style expression on a div', '<div style="width: expression(alert(1))">a</div>', 'a'],
  ['style element', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
  ['class, id and data attributes', '<p class="x" id="login" data-x="1" title="t">a</p>', '<p>a</p>'],
  // frames, plugins, forms, document-level tags
  ['iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
  ['object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>a</p>', '<p>a</p>'],
  ['form with a button', '<form action="https://evil.example"><input name="p"><button>Gửi</button></form>', 'Gửi'],
  [
    'base, meta refresh, stylesheet link',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example"><link rel="stylesheet" href="https://evil.example/x.css"><p>a</p>',
    '<p>a</p>',
  ],
  ['textarea hiding markup', '<textarea><p onclick=alert(1)>x</p></textarea>', ''],
  ['noscript mXSS', '<noscript><p title="</noscript><img src=x onerror=alert(1)>">', ''],
  // nested and malformed markup
  ['unclosed tags', '<p>a<b>b<i>c</p>d', '<p>a<b>b<i>c</i></b></p>d'],
  [
    'unquoted attribute breaking out',
    '<a href=https://benhvien.vn onclick=alert(1)>BV</a>',
    '<a href="https://benhvien.vn" rel="noopener noreferrer" target="_blank">BV</a>',
  ],
  [
    'quote breaking out of alt',
    `<img src="${IMG}" alt='"><script>alert(1)</script>'>`,
    `<img src="${IMG}" alt="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />`,
  ],
  ['h1 and h6 become the allowed levels', '<h1 onclick="x">Tiêu đề</h1><h6>Phụ</h6>', '<h2>Tiêu đề</h2><h4>Phụ</h4>'],
  // a result page exported by a hospital system (/from-html, issue 15): a whole document, its head and its extras
  [
    'an exported page: head, title, style and script dropped, the table kept',
    '<!DOCTYPE html><html><head><meta charset="utf-8"><title>KQ</title><style>td{color:red}</style><script>x()</script></head><body><table><tr><td>Glucose</td><td>5,6</td></tr></table></body></html>',
    '<table><tr><td>Glucose</td><td>5,6</td></tr></table>',
  ],
  ['an external image of the page (the hospital logo) dropped', '<p>KQ</p><img src="https://his.benhvien.vn/logo.png" alt="logo">', '<p>KQ</p>'],
  ['an embedded (data:) image of the page dropped', '<p>KQ</p><img src="data:image/png;base64,iVBORw0KGgo=" alt="chữ ký">', '<p>KQ</p>'],
  ['a protocol-relative image dropped', '<p>KQ</p><img src="//tracker.example/p.gif">', '<p>KQ</p>'],
  ['an iframe of the page dropped with its fallback text', '<p>KQ</p><iframe src="https://evil.example/"><p>fallback</p></iframe>', '<p>KQ</p>'],
  ['a meta refresh in the body dropped', '<meta http-equiv="refresh" content="0;url=https://evil.example"><p>KQ</p>', '<p>KQ</p>'],
  ['a base href dropped', '<base href="https://evil.example/"><p>KQ</p>', '<p>KQ</p>'],
  ['inline styles and classes of the export dropped', '<td style="background:url(https://t.example/x)" class="kq">5,6</td>', '<td>5,6</td>'],
];

describe('sanitizeRichText — hostile inputs come back harmless', () => {
  it('has at least 30 cases', () => expect(HOSTILE.length).toBeGreaterThanOrEqual(30));

  it.each(HOSTILE)('%s', (_name, input, expected) => {
    const out = san(input);
    expect(out).toBe(expected);
    expectHarmless(out);
  });

  it('limits nesting: 500 nested quotes keep their text without 500 elements', () => {
    const out = san(`${'<blockquote>'.repeat(500)}sâu${'</blockquote>'.repeat(500)}`);
    expect(out.match(/<blockquote>/g)!.length).toBeLessThanOrEqual(20);
    expect(out).toContain('sâu');
    expectHarmless(out);
  });

  it('refuses more than 100 000 characters with a Vietnamese 400, before parsing', () => {
    let err: unknown;
    try {
      sanitizeRichText(`<p>${'a'.repeat(RICH_TEXT_MAX_CHARS)}</p>`, { field: 'content', label: 'Nội dung tin' });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(400);
    expect((err as AppError).message).toBe('Nội dung tin quá dài (tối đa 100.000 ký tự, kể cả định dạng)');
    expect((err as AppError).extra.errors).toEqual([{ field: 'content', message: (err as AppError).message }]);
  });

  it('refuses an input that escaping makes too long', () => {
    expect(() => sanitizeRichText('<'.repeat(30_000), { max: 100_000 })).toThrow(AppError);
  });
});

describe('sanitizeRichText — allowed formatting survives', () => {
  const LINK = '<a href="https://benhvien.vn/tin-tuc?id=1&amp;p=2" rel="noopener noreferrer" target="_blank">trang tin</a>';
  const KEPT: [string, string][] = [
    ['paragraphs and line breaks', '<p>Dòng 1<br />Dòng 2</p><p>Đoạn 2</p>'],
    ['bold, italic, underline, strike', '<p><strong>đậm</strong> <b>đậm</b> <em>nghiêng</em> <i>nghiêng</i> <u>gạch chân</u> <s>gạch ngang</s></p>'],
    ['headings 2 to 4', '<h2>Tiêu đề</h2><h3>Mục</h3><h4>Tiểu mục</h4>'],
    ['lists', '<ul><li><p>Một</p></li><li>Hai</li></ul><ol start="3"><li>Ba</li></ol>'],
    ['blockquote and rule', '<blockquote><p>Lời dặn của bác sĩ</p></blockquote><hr />'],
    ['a safe link', `<p>Xem ${LINK}</p>`],
    [
      'mailto and tel links',
      '<p><a href="mailto:cskh@benhvien.vn" rel="noopener noreferrer" target="_blank">email</a> <a href="tel:+842439421115" rel="noopener noreferrer" target="_blank">gọi</a></p>',
    ],
    ['our image with alt and size', `<p><img src="${IMG}" alt="Khoa Tim mạch" width="640" height="480" /></p>`],
    [
      'a simple table',
      '<table><thead><tr><th>Dịch vụ</th><th colspan="2">Giá</th></tr></thead><tbody><tr><td>Khám</td><td>150.000</td><td>đ</td></tr></tbody></table>',
    ],
  ];
  it.each(KEPT)('%s', (_name, html) => {
    expect(san(html)).toBe(html);
    expectHarmless(html);
  });

  it('the links TipTap writes get our rel and target', () => {
    expect(san('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://benhvien.vn">BV</a></p>')).toBe(
      '<p><a href="https://benhvien.vn" rel="noopener noreferrer" target="_blank">BV</a></p>',
    );
  });
});

describe('plain text and search form', () => {
  it('is the visible text with whitespace collapsed, entities decoded, blocks separated', () => {
    const r = sanitizeRichText('<h2>Lịch  khám</h2><p>Thứ&nbsp;2 &amp; thứ 3</p><ul><li>Khoa Nội</li><li>Đơn vị Tim</li></ul><script>x</script>');
    expect(r.text).toBe('Lịch khám Thứ 2 & thứ 3 Khoa Nội Đơn vị Tim');
    expect(r.searchText).toBe('lich kham thu 2 & thu 3 khoa noi don vi tim');
  });

  it('an empty editor (or markup without text) is stored as empty', () => {
    expect(sanitizeRichText('<p></p>')).toEqual({ html: '', text: '', searchText: '' });
    expect(sanitizeRichText('<p><br></p><script>alert(1)</script>')).toEqual({ html: '', text: '', searchText: '' });
    expect(sanitizeRichText(null)).toEqual({ html: '', text: '', searchText: '' });
  });

  it('an image alone is content', () => {
    expect(sanitizeRichText(`<p><img src="${IMG}"></p>`).html).toBe(`<p><img src="${IMG}" alt="" /></p>`);
  });

  it('plainText does not glue words across tags', () => {
    expect(plainText('<p>a</p><p>b</p><p>c<br />d</p>')).toBe('a b c d');
  });
});

describe('isSafeLinkHref', () => {
  it.each([
    ['https://benhvien.vn', true],
    ['http://benhvien.vn/a?b=1#c', true],
    ['mailto:a@b.vn', true],
    ['tel:+84912345678', true],
    ['javascript:alert(1)', false],
    ['https:evil.example', false],
    ['//evil.example', false],
    ['/relative', false],
    ['https://a b.vn', false],
    ['ftp://x.vn', false],
    ['mailto:', false],
    ['', false],
  ])('%s → %s', (href, ok) => expect(isSafeLinkHref(href)).toBe(ok));
});

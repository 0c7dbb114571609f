import { Parser } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { MSG, fmt } from '@portal/shared';
import { RICH_TEXT_MAX_CHARS, RICH_TEXT_MAX_DEPTH, isContentImageSrc, isSafeLinkHref } from '@portal/shared/contracts/content.contract';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { badRequest } from '../errors';

/** Rich text as it is stored: the sanitised HTML, its visible text, and that text normalised for search. */
export interface RichText {
  /** Sanitised HTML; '' when there is no visible text and no image. */
  html: string;
  /** The visible text, whitespace collapsed (what a list shows as an excerpt). */
  text: string;
  /** `normalizeText(text)`: lower case, no diacritics, đ → d — for a `search_text` column. */
  searchText: string;
}

/** The allow-list: formatting only. No style, no class, no id, no event handler, no form, no frame, no SVG. */
export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'blockquote',
  'hr',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

const SMALL_INT_RE = /^\d{1,4}$/;
const SPAN = 'span'; // not allowed: a tag renamed to it is dropped, its text kept
const dropped = (): sanitizeHtml.Tag => ({ tagName: SPAN, attribs: {} });

/** Keeps only the attributes of `attribs` named in `names` whose value is a small positive integer. */
function sizes(attribs: Record<string, string>, names: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of names) {
    const v = attribs[n]?.trim();
    if (v && SMALL_INT_RE.test(v) && Number(v) > 0) out[n] = String(Number(v));
  }
  return out;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedClasses: {},
  allowedStyles: {},
  parseStyleAttributes: false,
  // second line of defence behind the transforms below
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'action', 'formaction', 'xlink:href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // the text of these is never content: dropped with the tag
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'select',
    'noscript',
    'title',
    'template',
    'iframe',
    'object',
    'embed',
    'noembed',
    'noframes',
    'xmp',
    'svg',
    'math',
    'head',
  ],
  nestingLimit: RICH_TEXT_MAX_DEPTH,
  enforceHtmlBoundary: false,
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // a link keeps its text; it keeps its target only when the URL is a safe absolute one, and always
    // opens in a new tab without handing the page to the target (window.opener) or a Referer
    a: (_tag, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      return isSafeLinkHref(href) ? { tagName: 'a', attribs: { href: href!, rel: 'noopener noreferrer', target: '_blank' } } : dropped();
    },
    // an image only from the portal's own content-image route (no remote tracking pixels, no data: URLs)
    img: (_tag, attribs) => {
      const src = attribs.src?.trim();
      if (!isContentImageSrc(src)) return dropped();
      const alt = (attribs.alt ?? '').replace(/\s+/g, ' ').trim().slice(0, 300);
      return { tagName: 'img', attribs: { src: src!, alt, ...sizes(attribs, ['width', 'height']) } };
    },
    ol: (_tag, attribs) => ({ tagName: 'ol', attribs: sizes(attribs, ['start']) }),
    th: (_tag, attribs) => ({ tagName: 'th', attribs: sizes(attribs, ['colspan', 'rowspan']) }),
    td: (_tag, attribs) => ({ tagName: 'td', attribs: sizes(attribs, ['colspan', 'rowspan']) }),
  },
};

/** Elements whose edges separate words in the plain text ("<p>a</p><p>b</p>" is "a b", not "ab"). */
const BREAKING = new Set(['p', 'br', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'blockquote', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'img']);
const WHITESPACE_RE = /\s+/g;

/** The visible text of (already sanitised) HTML, entities decoded, whitespace collapsed. */
export function plainText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser(
    {
      ontext: (t) => parts.push(t),
      onopentagname: (name) => {
        if (BREAKING.has(name)) parts.push(' ');
      },
      onclosetag: (name) => {
        if (BREAKING.has(name)) parts.push(' ');
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return parts.join('').replace(WHITESPACE_RE, ' ').trim();
}

export interface SanitizeOptions {
  /** Field name for the error (`errors[].field`). */
  field?: string;
  /** Label in the Vietnamese message ("Nội dung"). */
  label?: string;
  /** Most characters of HTML, before and after sanitising. */
  max?: number;
}

/**
 * Sanitises rich-text HTML from the admin's editor with the allow-list above and returns it with its
 * plain text and search form. Input over `max` characters is a 400 (before any parsing); so is output
 * over `max` (escaping can lengthen text). Total otherwise: hostile markup comes back harmless, never
 * as an error.
 */
export function sanitizeRichText(html: string | null | undefined, opts: SanitizeOptions = {}): RichText {
  const max = opts.max ?? RICH_TEXT_MAX_CHARS;
  const field = opts.field ?? 'content';
  const tooLong = () => {
    const message = fmt(MSG.richTextTooLong, { field: opts.label ?? 'Nội dung', max: max.toLocaleString('vi-VN') });
    return badRequest(message, [{ field, message }]);
  };
  const input = typeof html === 'string' ? html : '';
  if (input.length > max) throw tooLong();
  const clean = sanitizeHtml(input, OPTIONS).trim();
  if (clean.length > max) throw tooLong();
  const text = plainText(clean);
  if (text === '' && !clean.includes('<img')) return { html: '', text: '', searchText: '' };
  return { html: clean, text, searchText: normalizeText(text) };
}

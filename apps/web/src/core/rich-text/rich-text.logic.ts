import { CONTENT_IMAGE_MAX_BYTES, CONTENT_IMAGE_TYPES, isSafeLinkHref } from '@portal/shared/contracts/content.contract';
import { fmt } from '@portal/shared/messages.vi';
import { TR } from './rich-text.messages';

/** Pure logic of the editor: what a typed link becomes, which toolbar buttons are on, what a file may be. */

export type LinkInput = { kind: 'remove' } | { kind: 'set'; href: string } | { kind: 'invalid'; message: string };

const EMAIL_RE = /^[^\s@/:]+@[^\s@/:.]+(?:\.[^\s@/:.]+)+$/;
/** A host with a port (`benhvien.vn:8080/tin`), which looks like a scheme to SCHEME_RE. */
const HOST_PORT_RE = /^[^:.]+(?:\.[^:.]+)+:\d/;
const PHONE_RE = /^\+?[\d .-]{6,20}$/;
const SCHEME_RE = /^[a-z][a-z\d+.-]*:/i;
const DOMAIN_RE = /^[\p{L}\d-]+(?:\.[\p{L}\d-]+)+(?::\d+)?(?:[/?#]\S*)?$/u;

/**
 * What the link dialog's text becomes: empty removes the link; "benhvien.vn/tin" gets https://,
 * "cskh@benhvien.vn" gets mailto:, "0912 345 678" gets tel: (spaces dropped); then the shared rule
 * (`isSafeLinkHref`, the server sanitiser's own) must accept it, else the dialog shows why.
 */
export function parseLinkInput(raw: string): LinkInput {
  const s = raw.trim();
  if (s === '') return { kind: 'remove' };
  let href = s;
  if (!SCHEME_RE.test(s) || HOST_PORT_RE.test(s)) {
    if (EMAIL_RE.test(s)) href = `mailto:${s}`;
    else if (PHONE_RE.test(s)) href = `tel:${s.replace(/[ .-]/g, '')}`;
    else if (s.startsWith('//')) href = `https:${s}`;
    else if (DOMAIN_RE.test(s)) href = `https://${s}`;
  }
  return isSafeLinkHref(href) ? { kind: 'set', href } : { kind: 'invalid', message: TR.linkInvalid };
}

/** The part of an editor the toolbar reads (TipTap's Editor satisfies it). */
export interface EditorProbe {
  isActive(name: string, attrs?: Record<string, unknown>): boolean;
  can(): { undo(): boolean; redo(): boolean };
  isEditable: boolean;
}

export type BlockKind = 'paragraph' | 'h2' | 'h3' | 'h4';

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  block: BlockKind;
  canUndo: boolean;
  canRedo: boolean;
  editable: boolean;
}

/** Which buttons are pressed and which are enabled, for the current selection. */
export function toolbarState(e: EditorProbe | null): ToolbarState {
  if (!e) {
    return {
      bold: false,
      italic: false,
      underline: false,
      strike: false,
      bulletList: false,
      orderedList: false,
      blockquote: false,
      link: false,
      block: 'paragraph',
      canUndo: false,
      canRedo: false,
      editable: false,
    };
  }
  const level = ([2, 3, 4] as const).find((l) => e.isActive('heading', { level: l }));
  const can = e.can();
  return {
    bold: e.isActive('bold'),
    italic: e.isActive('italic'),
    underline: e.isActive('underline'),
    strike: e.isActive('strike'),
    bulletList: e.isActive('bulletList'),
    orderedList: e.isActive('orderedList'),
    blockquote: e.isActive('blockquote'),
    link: e.isActive('link'),
    block: level ? (`h${level}` as BlockKind) : 'paragraph',
    canUndo: e.isEditable && can.undo(),
    canRedo: e.isEditable && can.redo(),
    editable: e.isEditable,
  };
}

/** A quick check before uploading (the server checks the bytes again): type as declared by the browser, size. */
export function checkImageFile(file: { type: string; size: number }): string | null {
  if (!(CONTENT_IMAGE_TYPES as readonly string[]).includes(file.type)) return TR.imageWrongType;
  if (file.size > CONTENT_IMAGE_MAX_BYTES) return fmt(TR.imageTooBig, { max: CONTENT_IMAGE_MAX_BYTES / 1024 / 1024 });
  return null;
}

/** The alt text of an inserted image: its file name without extension, separators as spaces. */
export function altFromFileName(name: string): string {
  return name
    .replace(/\.[^.]*$/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
}

/**
 * What the form receives: '' for an empty document (so `required` rules work), else the editor's HTML.
 * TipTap writes "<p></p>" for an empty editor.
 */
export function formValue(html: string, isEmpty: boolean): string {
  return isEmpty ? '' : html;
}

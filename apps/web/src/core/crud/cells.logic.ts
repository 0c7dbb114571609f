/**
 * How a list cell holds a value that may be long (docs/decisions.md, "Lists fit 1,366 px"): a list
 * of tags shows its first few and "+N" for the rest, a long text one or two lines then "…" with the
 * whole text in a tooltip. Widths here are the only list widths of the app: every screen's columns
 * take them from here (core/crud/list-columns, the field-type registry, the screens' own columns).
 */

/** Column widths in px. A column without one sizes to its content and wraps. */
export const COLUMN_WIDTH = {
  /** STT */
  index: 56,
  /** a number or an amount of money, right-aligned */
  number: 110,
  /** DD/MM/YYYY */
  date: 108,
  /** an email is one word: past this it ends in "…" */
  email: 180,
  /** a phone number stays on one line */
  phone: 104,
} as const;

/** The least width of a column of words (names, descriptions): it wraps, never shrinks to a letter a line. */
export const TEXT_MIN_WIDTH = 96;
/** The widest a column of words grows before it wraps. */
export const TEXT_MAX_WIDTH = 320;
/** The least width of a tag list: its tags are squeezed no narrower than this (a word or two a line). */
export const TAG_MIN_WIDTH = 120;
/** The widest one tag of a tag list grows before its words wrap. */
export const TAG_MAX_WIDTH = 180;
/**
 * The widest the row actions grow: Sửa, Ngừng hoạt động, Xoá (197 px) or Sửa, Cấp lại mật khẩu, Khoá
 * (203 px) on one line; more actions wrap to a second line instead of widening the table.
 */
export const ACTIONS_MAX_WIDTH = 204;
/** How many tags a cell shows before "+N". */
export const TAGS_SHOWN = 2;

/** The first `max` items, and the rest that "+N" stands for. One hidden item is shown instead of "+1". */
export function clipItems<T>(items: readonly T[], max: number = TAGS_SHOWN): { shown: T[]; hidden: T[] } {
  if (items.length <= max + 1) return { shown: [...items], hidden: [] };
  return { shown: items.slice(0, max), hidden: items.slice(max) };
}

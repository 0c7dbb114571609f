import type { ReactNode } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { fmt } from '@portal/shared/messages.vi';
import { formatPhone } from '@portal/shared/rules/identifiers';
import { CORE_T as T } from '../messages';
import { ACTIONS_MAX_WIDTH, clipItems, COLUMN_WIDTH, TAG_MAX_WIDTH, TAG_MIN_WIDTH, TEXT_MAX_WIDTH, TEXT_MIN_WIDTH, TAGS_SHOWN } from './cells.logic';

/**
 * The building blocks of list cells that keep every list inside a 1,366 px screen with the sidebar
 * open (docs/decisions.md, "Lists fit 1,366 px"): tags collapse to "+N", words wrap (inside a tag
 * too), a text that cannot wrap (an email) ends in "…" with a tooltip, and the row actions sit in one
 * column pinned right.
 */

export interface TagItem {
  key: string | number;
  /** The tag's words (its tooltip, and what "+N" reads out). */
  text: string;
  /** Shown instead of `text` when it is more than words (a name read on demand). */
  label?: ReactNode;
  color?: string;
}

/** The first tags of a list and "+N" for the rest, whose names show in a tooltip (and to a screen reader). */
export function TagList({ items, max = TAGS_SHOWN, empty = null }: { items: readonly TagItem[]; max?: number; empty?: ReactNode }) {
  if (items.length === 0) return <>{empty}</>;
  const { shown, hidden } = clipItems(items, max);
  return (
    <Flex wrap gap={4} data-testid="tag-list" style={{ minWidth: TAG_MIN_WIDTH }}>
      {shown.map((i) => (
        // a long name wraps inside its tag rather than widen the column or end in "…"
        <Tag key={i.key} color={i.color} style={{ marginInlineEnd: 0, maxWidth: TAG_MAX_WIDTH, whiteSpace: 'normal' }}>
          {i.label ?? i.text}
        </Tag>
      ))}
      <MoreTag items={hidden} />
    </Flex>
  );
}

/** "+N": the items a cell leaves out, named in a tooltip (focusable, so a keyboard reaches it) and to a screen reader. */
export function MoreTag({ items }: { items: readonly TagItem[] }) {
  if (items.length === 0) return null;
  const names = items.map((i) => i.text).join(', ');
  return (
    <Tooltip title={items.map((i) => <div key={i.key}>{i.label ?? i.text}</div>)}>
      <Tag
        tabIndex={0}
        aria-label={fmt(T.crud.moreTagsLabel, { count: items.length, names })}
        data-testid="tag-more"
        style={{ marginInlineEnd: 0, cursor: 'default', alignSelf: 'flex-start' }}
      >
        {fmt(T.crud.moreTags, { count: items.length })}
      </Tag>
    </Tooltip>
  );
}

/** A cell of two lines: the main fact, and under it a detail (a text in small grey letters, or a tag): two facts a column. */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Flex vertical align="flex-start" gap={2}>
      {main}
      {typeof sub === 'string' ? (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sub}
        </Typography.Text>
      ) : (
        sub
      )}
    </Flex>
  );
}

/** Under a person's name: the phone, then the email (ending in "…" past COLUMN_WIDTH.email), small and grey. */
export function ContactLines({ phone, email }: { phone: string | null | undefined; email: string | null | undefined }) {
  return (
    <>
      {phone && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {formatPhone(phone)}
        </Typography.Text>
      )}
      <EllipsisText secondary text={email} width={COLUMN_WIDTH.email} />
    </>
  );
}

/** One line; a longer text ends in "…" and shows whole in a tooltip (an email, a code, a file name). */
export function EllipsisText({ text, width, secondary }: { text: string | null | undefined; width: number; secondary?: boolean }) {
  if (!text) return null;
  return (
    <Typography.Text type={secondary ? 'secondary' : undefined} ellipsis={{ tooltip: text }} style={{ maxWidth: width, fontSize: secondary ? 12 : undefined }}>
      {text}
    </Typography.Text>
  );
}

/** Words that wrap inside a column between TEXT_MIN_WIDTH and TEXT_MAX_WIDTH (a name, a description). */
export function WrapText({ children }: { children: ReactNode }) {
  return <div style={{ minWidth: TEXT_MIN_WIDTH, maxWidth: TEXT_MAX_WIDTH, overflowWrap: 'break-word' }}>{children}</div>;
}

/**
 * Thao tác: the row's actions, pinned to the right edge (in sight whatever the table's width); they
 * wrap to a second line past ACTIONS_MAX_WIDTH rather than widen the table.
 */
export function actionsColumn<R>(render: (row: R) => ReactNode): ColumnType<R> {
  return {
    key: '_actions',
    title: T.crud.actions,
    fixed: 'right',
    className: 'list-actions',
    render: (_v, row) => (
      // as wide as the actions on one line (the column never squeezes them one a line), at most ACTIONS_MAX_WIDTH
      <Flex wrap align="center" style={{ width: 'max-content', maxWidth: ACTIONS_MAX_WIDTH }}>
        {render(row)}
      </Flex>
    ),
  };
}

import type { ReactNode } from 'react';
import { Card, Col, type ColProps, Row } from 'antd';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { DateShorthandInput } from './date-shorthand-input';
import { DebouncedInput } from './debounced-input';

/**
 * The filter card above a list of its own API (news, notification groups, questions): one row of filters that wraps on
 * a narrow window. Its pieces are columns: the search box, a day (DD/MM/YYYY typed, shorthands accepted), and any
 * control the screen adds in its own `<Col>`. A list built from a resource description uses `ListFilterBar` instead.
 */
export function FilterCard({ children }: { children: ReactNode }) {
  return (
    <Card size="small">
      <Row gutter={[12, 12]} align="middle">
        {children}
      </Row>
    </Card>
  );
}

/** Words to search, sent after a pause in typing (trimmed; '' = no search). */
export function SearchFilter({ label, value, onSearch, col }: { label: string; value: string; onSearch: (q: string) => void; col: ColProps }) {
  return (
    <Col {...col}>
      <DebouncedInput aria-label={label} placeholder={label} allowClear maxLength={200} value={value} onDebouncedChange={(v) => onSearch(v.trim())} />
    </Col>
  );
}

/** A day of a period (YYYY-MM-DD, or undefined when cleared); a day typed wrong is ignored until it reads as one. */
export function DayFilter({ label, value, onChange, col }: { label: string; value?: string; onChange: (iso: string | undefined) => void; col: ColProps }) {
  return (
    <Col {...col}>
      <DateShorthandInput
        aria-label={label}
        placeholder={label}
        value={formatDate(value)}
        onChange={(v) => {
          const iso = v ? displayDateToIso(v) : undefined;
          if (v && !iso) return;
          onChange(iso ?? undefined);
        }}
      />
    </Col>
  );
}

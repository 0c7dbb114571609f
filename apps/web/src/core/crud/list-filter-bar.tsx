import type { ReactNode } from 'react';
import { Button, Flex, Select } from 'antd';
import { ClearOutlined } from '@ant-design/icons';
import type { Resource } from '@portal/shared/core/define-resource';
import { fmt } from '@portal/shared/messages.vi';
import { CORE_T as T } from '../messages';
import { SearchBox } from '../blocks/search-box';
import { FIELD_TYPES } from './field-types';
import { EMPTY_LIST_STATE, hasFilters, withFilter, withFilters, withoutFixedFilters, type ListState } from './list-state';

const STATE_OPTIONS = [
  { value: 'all', label: T.crud.stateAll },
  { value: 'true', label: T.crud.active },
  { value: 'false', label: T.crud.inactive },
];

/** "Trạng thái: Tất cả / Đang hoạt động / Ngừng hoạt động" of a list (the `active` filter). */
export function StateFilter({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  return (
    <Select
      aria-label={T.crud.state}
      prefix={`${T.crud.state}:`}
      value={state.active === null ? 'all' : String(state.active)}
      options={STATE_OPTIONS}
      onChange={(v: string) => onChange(withFilters(state, { active: v === 'all' ? null : v === 'true' }))}
      style={{ width: 250 }}
      data-testid="state-filter"
    />
  );
}

/** "Xoá bộ lọc": back to no search and no filter, keeping page size and sort (the search box follows `q`). */
export function ClearFiltersButton({ state, onChange }: { state: ListState; onChange: (next: ListState) => void }) {
  return (
    <Button icon={<ClearOutlined />} onClick={() => onChange({ ...EMPTY_LIST_STATE, size: state.size, sort: state.sort })}>
      {T.crud.clearFilters}
    </Button>
  );
}

/** Search (diacritics-free, `q`), the resource's filter fields, Trạng thái, Xoá bộ lọc. */
export function ListFilterBar({
  resource,
  state,
  onChange,
  extra,
  fixed,
  hidden,
  refQueries,
  withState = true,
}: {
  resource: Resource;
  state: ListState;
  onChange: (next: ListState) => void;
  extra?: ReactNode;
  /** Filters the screen sets itself (a tab): no widget, never cleared. */
  fixed?: Record<string, string>;
  /** Fields this screen does not show (no column, no filter). */
  hidden?: readonly string[];
  /** Extra filters of a ref filter's dropdown, by field key. */
  refQueries?: Record<string, Record<string, string>>;
  /** false: rows have no active state (no Trạng thái filter). */
  withState?: boolean;
}) {
  const searchLabels = resource.fields.filter((f) => f.search).map((f) => f.label.toLowerCase());

  return (
    <Flex wrap gap={12} align="center">
      {searchLabels.length > 0 && (
        <SearchBox
          placeholder={fmt(T.crud.searchPlaceholder, { fields: searchLabels.join(', ') })}
          q={state.q}
          onSearch={(q) => onChange(withFilters(state, { q }))}
          style={{ width: 320 }}
        />
      )}
      {resource.fields
        .filter((f) => f.filter && !(fixed && f.key in fixed) && !hidden?.includes(f.key))
        .map((f) => (
          <span key={f.key}>
            {FIELD_TYPES[f.type].filter({
              field: f,
              value: state.filters[f.key],
              refQuery: refQueries?.[f.key],
              onChange: (v) => onChange(withFilter(state, f.key, v)),
            })}
          </span>
        ))}
      {withState && <StateFilter state={state} onChange={onChange} />}
      {extra}
      {hasFilters(withoutFixedFilters(state, fixed)) && <ClearFiltersButton state={state} onChange={onChange} />}
    </Flex>
  );
}

/** The three search controls, used in the table's search row and in the phone layout. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Select } from 'antd';
// The single Input, not `antd`'s Input namespace, which also drags in Search (with Button),
// TextArea, Password and OTP: about 10 KB gzipped this page never uses.
import Input, { type InputProps } from 'antd/es/input/Input';
import { SERVICE_CODE_MAX, SERVICE_NAME_MAX, SERVICE_SEARCH_DEBOUNCE_MS } from '@portal/shared/constants';
import { MSG } from '@portal/shared/messages.vi';
import { createDebouncer } from '../core/blocks/debounce';
import { T } from './messages';
import type { PriceList } from './use-price-list';

type Props = Pick<PriceList, 'query' | 'search' | 'types'> & { id?: string };

interface SearchInputProps extends Omit<InputProps, 'value' | 'onChange'> {
  value: string;
  /** Called after a 500 ms pause in typing, at once on Enter or when the box is cleared. */
  onSearch: (value: string) => void;
}

/** A search box that reports after a pause (spec §2: 500 ms) and at once on Enter. */
function SearchInput({ value, onSearch, ...rest }: SearchInputProps) {
  const [text, setText] = useState(value);
  const report = useRef(onSearch);
  report.current = onSearch;
  const debouncer = useMemo(() => createDebouncer((v: string) => report.current(v), SERVICE_SEARCH_DEBOUNCE_MS), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  // The search changed from outside (a link, a reset): show it.
  useEffect(() => setText(value), [value]);
  return (
    <Input
      {...rest}
      value={text}
      onChange={(e) => {
        const v = e.target.value;
        setText(v);
        if (v === '')
          debouncer.flush(v); // the clear button
        else debouncer.schedule(v);
      }}
      onPressEnter={(e) => debouncer.flush(e.currentTarget.value)}
      allowClear
      type="search"
      enterKeyHint="search"
      autoComplete="off"
      spellCheck={false}
    />
  );
}

/** Code box: max 20 characters; Enter or a 500 ms pause searches from page 1. */
export function CodeSearch({ query, search, id }: Props) {
  return (
    <SearchInput id={id} value={query.ma} maxLength={SERVICE_CODE_MAX} onSearch={(ma) => search({ ma })} placeholder={T.search.code} aria-label={T.col.code} />
  );
}

/** Name box: max 200 characters, with or without diacritics. */
export function NameSearch({ query, search, id }: Props) {
  return (
    <SearchInput
      id={id}
      value={query.ten}
      maxLength={SERVICE_NAME_MAX}
      onSearch={(ten) => search({ ten })}
      placeholder={T.search.name}
      aria-label={T.col.name}
    />
  );
}

/** Type dropdown: 'Tất cả' (-1) and the facility's service types; default 10. */
export function TypeSearch({ query, search, types, id }: Props) {
  return (
    <Select
      id={id}
      value={query.loai}
      options={types ?? []}
      loading={types === null}
      onChange={(loai: number) => search({ loai })}
      aria-label={T.col.type}
      labelRender={(p) => p.label ?? (types === null ? MSG.loading : String(p.value))}
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}

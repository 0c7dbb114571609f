import { useEffect, useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import { CORE_T as T } from '../messages';
import { DebouncedInput, type DebouncedInputProps } from './debounced-input';
import { createSearchSender } from './search-box.logic';

export interface SearchBoxProps extends Omit<DebouncedInputProps, 'value' | 'onDebouncedChange'> {
  /** The list's search as the URL holds it (trimmed). */
  q: string;
  /** Called with the new trimmed search, after the debounce or on Enter, only when it changed. */
  onSearch: (q: string) => void;
}

/**
 * A list's search box ("Tìm kiếm"). It keeps what is typed ("noi " while typing the next word) and
 * sends the trimmed text when it changed (see `createSearchSender`). Comparing with the rendered,
 * possibly stale `q` once dropped a cleared box and the late `q` then put the old text back.
 */
export function SearchBox({ q, onSearch, ...rest }: SearchBoxProps) {
  const [text, setText] = useState(q);
  const [sender] = useState(() => createSearchSender(q));
  useEffect(() => {
    sender.seen(q);
    setText((current) => (current.trim() === q ? current : q));
  }, [q, sender]);

  return (
    <DebouncedInput
      aria-label={T.crud.search}
      prefix={<SearchOutlined />}
      allowClear
      maxLength={200}
      {...rest}
      value={text}
      onDebouncedChange={(v) => {
        setText(v);
        const next = sender.report(v);
        if (next !== null) onSearch(next);
      }}
    />
  );
}

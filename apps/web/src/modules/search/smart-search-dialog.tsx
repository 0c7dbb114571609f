import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, Modal, Spin, type InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { smartSearchEndpoints } from '@portal/shared/contracts/search.contract';
import { INPUT_DEBOUNCE_MS } from '@portal/shared/constants';
import { call } from '../../core/api/endpoint-client';
import { createDebouncer } from '../../core/blocks/debounce';
import { MENU } from '../../app/menu';
import { SEARCH_UI } from './search.messages';
import { moveActive, resultGroups, screenHits, searchesServer } from './smart-search.logic';
import './smart-search.css';

/**
 * The smart search dialog (issue 15, item 3), loaded at its first opening: one box across the
 * screens of the menu (here) and the patients, bookings, doctors and services the user may see (the
 * server). Arrows move through the results, Enter opens one, Esc closes.
 */
export function SmartSearchDialog({ open, onClose, authorities }: { open: boolean; onClose: () => void; authorities: readonly string[] }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const input = useRef<InputRef>(null);
  const debouncer = useMemo(() => createDebouncer((v: string) => setQ(v.trim()), INPUT_DEBOUNCE_MS), []);
  useEffect(() => () => debouncer.cancel(), [debouncer]);

  const server = useQuery({
    queryKey: ['smart-search', q],
    queryFn: ({ signal }) => call(smartSearchEndpoints.search, { query: { q } }, { signal }),
    enabled: open && q !== '' && searchesServer(authorities),
    staleTime: 30_000,
  });
  const groups = useMemo(() => (q ? resultGroups(screenHits(MENU, authorities, q), server.data?.data.groups ?? []) : []), [q, authorities, server.data]);
  const items = useMemo(() => groups.flatMap((g) => g.items), [groups]);
  useEffect(() => setActive(items.length ? 0 : -1), [items]);

  const go = (path: string) => {
    onClose();
    navigate(path);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => moveActive(a, items.length, e.key as 'ArrowDown' | 'ArrowUp'));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) go(item.path);
    }
  };
  useEffect(() => {
    document.getElementById(`smart-search-item-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  let index = -1;
  const loading = server.isFetching && q !== '';
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={640}
      title={null}
      className="smart-search"
      afterOpenChange={(visible) => visible && input.current?.focus({ cursor: 'all' })}
      destroyOnHidden={false}
    >
      <Input
        ref={input}
        size="large"
        prefix={<SearchOutlined />}
        suffix={loading ? <Spin size="small" /> : null}
        placeholder={SEARCH_UI.placeholder}
        aria-label={SEARCH_UI.open}
        role="combobox"
        aria-expanded={items.length > 0}
        aria-controls="smart-search-results"
        aria-activedescendant={active >= 0 ? `smart-search-item-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          debouncer.schedule(e.target.value);
        }}
        onKeyDown={onKeyDown}
        allowClear
      />
      <div id="smart-search-results" role="listbox" aria-label={SEARCH_UI.results} className="smart-search-results">
        {q === '' && <p className="smart-search-note">{SEARCH_UI.typeToSearch}</p>}
        {q !== '' && !loading && items.length === 0 && <p className="smart-search-note">{server.isError ? SEARCH_UI.failed : SEARCH_UI.empty}</p>}
        {groups.map((g) => (
          <div key={g.group} role="group" aria-label={g.label} className="smart-search-group">
            <div className="smart-search-group-label" aria-hidden>
              {g.label}
            </div>
            {g.items.map((item) => {
              index += 1;
              const i = index;
              return (
                <div
                  key={item.key}
                  id={`smart-search-item-${i}`}
                  role="option"
                  aria-selected={i === active}
                  // the focus stays in the box (aria-activedescendant); a click or Enter opens the line
                  tabIndex={-1}
                  onKeyDown={onKeyDown}
                  className={`smart-search-item${i === active ? ' smart-search-item-active' : ''}`}
                  onMouseEnter={() => setActive(i)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(item.path)}
                >
                  <span className="smart-search-title">{item.title}</span>
                  {item.subtitle && <span className="smart-search-subtitle">{item.subtitle}</span>}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <p className="smart-search-hint">{SEARCH_UI.hint}</p>
    </Modal>
  );
}

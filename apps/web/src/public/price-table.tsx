/**
 * Desktop and tablet layout: a plain HTML table (antd's Table with its filter menus, tree and
 * dropdowns would double this page's JavaScript) with the search row (code box, name box,
 * type dropdown) under the column labels, a sticky header, 500 px of scrolling rows and
 * pagination 50 / 100.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { Empty, Pagination } from 'antd';
import { fmt } from '@portal/shared/messages.vi';
import { SERVICE_PAGE_SIZES, SERVICE_SCROLL_HEIGHT } from '@portal/shared/constants';
import { T } from './messages';
import { price, totalText } from './price-format';
import { CodeSearch, NameSearch, TypeSearch } from './search-fields';
import type { PriceList } from './use-price-list';

export const PAGE_SIZE_OPTIONS = SERVICE_PAGE_SIZES.map(String);

export function PriceTable(props: PriceList) {
  const { query, loaded, loading, error, typeName, changePage } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const shown = loaded?.query ?? query;
  const offset = (shown.trang - 1) * shown.so;
  const rows = loaded?.rows ?? [];

  // A new page or a new search starts at the first row.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
  }, [loaded]);

  return (
    <div className="ls-table-block">
      <div className="ls-busy" aria-busy={loading} data-testid="results">
        <div
          ref={scroller}
          className="ls-table-scroll"
          style={{ '--ls-body-h': `${SERVICE_SCROLL_HEIGHT}px` } as CSSProperties}
          role="region"
          aria-label={T.resultsLabel}
          tabIndex={0}
        >
          <table className="ls-table" data-testid="price-table">
            <colgroup>
              <col style={{ width: 60 }} />
              <col style={{ width: 150 }} />
              <col />
              <col style={{ width: 130 }} />
              <col style={{ width: 150 }} />
              <col style={{ width: 130 }} />
              <col style={{ width: 190 }} />
            </colgroup>
            <thead>
              <tr>
                <th rowSpan={2} className="ls-center">
                  {T.col.stt}
                </th>
                <th>{T.col.code}</th>
                <th>{T.col.name}</th>
                <th rowSpan={2} className="ls-right">
                  {T.col.price}
                </th>
                <th rowSpan={2} className="ls-right">
                  {T.col.highQuality}
                </th>
                <th rowSpan={2} className="ls-right">
                  {T.col.insurance}
                </th>
                <th>{T.col.type}</th>
              </tr>
              <tr className="ls-search-row">
                <th>
                  <CodeSearch {...props} />
                </th>
                <th>
                  <NameSearch {...props} />
                </th>
                <th>
                  <TypeSearch {...props} />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s, i) => (
                <tr key={s.id} data-testid="service-row">
                  <td className="ls-center ls-muted">{offset + i + 1}</td>
                  <td className="ls-code">{s.ma}</td>
                  <td className="ls-name">{s.ten}</td>
                  <td className="ls-right ls-strong">{price(s.donGiaDichVu)}</td>
                  <td className="ls-right">{price(s.donGiaChatLuongCao)}</td>
                  <td className="ls-right">{price(s.donGiaBaoHiem)}</td>
                  <td>{typeName(s.loaiDichVu)}</td>
                </tr>
              ))}
              {rows.length === 0 && (
                <tr className="ls-empty-row">
                  <td colSpan={7}>
                    {error ? (
                      <div className="ls-empty-error">{error}</div>
                    ) : loaded ? (
                      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<EmptyText elsewhere={props.elsewhere} showAllTypes={props.showAllTypes} />} />
                    ) : (
                      <div className="ls-empty-wait" />
                    )}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      </div>
      <Pagination
        className="ls-pagination"
        align="end"
        current={query.trang}
        pageSize={query.so}
        total={loaded?.total ?? 0}
        pageSizeOptions={PAGE_SIZE_OPTIONS}
        showSizeChanger
        showTotal={(total) => <span data-testid="total">{totalText(total)}</span>}
        onChange={changePage}
      />
    </div>
  );
}

export function EmptyText({ elsewhere, showAllTypes }: Pick<PriceList, 'elsewhere' | 'showAllTypes'>) {
  return (
    <span className="ls-empty">
      <strong data-testid="empty">{T.empty}</strong>
      <br />
      {elsewhere ? (
        <span className="ls-empty-hint" data-testid="elsewhere">
          {fmt(T.elsewhere, { count: elsewhere.toLocaleString('vi-VN') })}{' '}
          <button type="button" className="ls-button" onClick={showAllTypes}>
            {T.showAllTypes}
          </button>
        </span>
      ) : (
        <span className="ls-empty-hint">{T.emptyHint}</span>
      )}
    </span>
  );
}

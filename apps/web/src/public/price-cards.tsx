/**
 * Phone layout (≤ 640 px): the search controls stacked with visible labels, then one card per
 * service with its three prices in large type — no sideways scrolling on a 360 px screen.
 */
import { useRef } from 'react';
import { Empty, Pagination, Select } from 'antd';
import { fmt } from '@portal/shared/messages.vi';
import { SERVICE_PAGE_SIZES } from '@portal/shared/constants';
import { T } from './messages';
import { price, totalText } from './price-format';
import { EmptyText } from './price-table';
import { CodeSearch, NameSearch, TypeSearch } from './search-fields';
import type { PriceList } from './use-price-list';

const SIZE_OPTIONS = SERVICE_PAGE_SIZES.map((n) => ({ value: n, label: fmt(T.perPage, { size: n }) }));

export function PriceCards(props: PriceList) {
  const { query, loaded, loading, error, typeName, changePage } = props;
  const listTop = useRef<HTMLDivElement>(null);
  const shown = loaded?.query ?? query;
  const offset = (shown.trang - 1) * shown.so;
  const rows = loaded?.rows ?? [];

  return (
    <div className="ls-mobile">
      <form className="ls-filters" role="search" aria-label={T.search.filters} onSubmit={(e) => e.preventDefault()}>
        <label className="ls-field" htmlFor="ls-m-name">
          <span>{T.col.name}</span>
          <NameSearch {...props} id="ls-m-name" />
        </label>
        <div className="ls-field-row">
          <label className="ls-field" htmlFor="ls-m-code">
            <span>{T.col.code}</span>
            <CodeSearch {...props} id="ls-m-code" />
          </label>
          <label className="ls-field" htmlFor="ls-m-type">
            <span>{T.col.type}</span>
            <TypeSearch {...props} id="ls-m-type" />
          </label>
        </div>
      </form>

      <div ref={listTop} className="ls-count">
        <span data-testid="total" aria-live="polite">
          {loaded ? totalText(loaded.total) : ''}
        </span>
        {/* antd hides the pagination's size changer on phones: this one takes its place */}
        <Select
          size="middle"
          value={query.so}
          options={SIZE_OPTIONS}
          onChange={(so: number) => changePage(1, so)}
          aria-label={T.pageSize}
          data-testid="page-size"
        />
      </div>

      <div className="ls-busy" aria-busy={loading} data-testid="results">
        {error ? (
          <div className="ls-empty-error">{error}</div>
        ) : loaded && rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<EmptyText elsewhere={props.elsewhere} showAllTypes={props.showAllTypes} />} />
        ) : (
          <ol className="ls-cards" aria-label={T.resultsLabel}>
            {rows.map((s, i) => (
              <li key={s.id} className="ls-card" data-testid="service-card">
                <div className="ls-card-top">
                  <span className="ls-stt">{offset + i + 1}</span>
                  <span className="ls-card-code">{s.ma}</span>
                  <span className="ls-card-type">{typeName(s.loaiDichVu)}</span>
                </div>
                <div className="ls-card-name">{s.ten}</div>
                <dl className="ls-card-prices">
                  <div>
                    <dt>{T.col.price}</dt>
                    <dd className="ls-main-price">{price(s.donGiaDichVu)}</dd>
                  </div>
                  <div>
                    <dt>{T.col.highQuality}</dt>
                    <dd>{price(s.donGiaChatLuongCao)}</dd>
                  </div>
                  <div>
                    <dt>{T.col.insurance}</dt>
                    <dd>{price(s.donGiaBaoHiem)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ol>
        )}
      </div>

      {loaded && loaded.total > 0 && (
        <Pagination
          className="ls-mobile-pagination"
          size="small"
          align="center"
          current={query.trang}
          pageSize={query.so}
          total={loaded.total}
          showSizeChanger={false}
          showLessItems
          onChange={(page, size) => {
            changePage(page, size);
            listTop.current?.scrollIntoView({ block: 'start' });
          }}
        />
      )}
    </div>
  );
}

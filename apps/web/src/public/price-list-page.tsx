import { useEffect } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { T } from './messages';
import { PriceCards } from './price-cards';
import { PriceTable } from './price-table';
import { SiteFooter, SiteHeader } from './site-chrome';
import { useMedia } from './use-media';
import { usePriceList } from './use-price-list';

/** Below this width the table becomes a card list (a 360 px phone cannot show 7 columns). */
export const PHONE_QUERY = '(max-width: 640px)';

export function PriceListPage() {
  const list = usePriceList();
  const phone = useMedia(PHONE_QUERY);
  const { hospital, error, retry } = list;

  useEffect(() => {
    document.title = hospital ? `${hospital.priceTitle} – ${hospital.name}` : T.title;
  }, [hospital]);

  return (
    <div className="ls-page">
      <SiteHeader hospital={hospital} />
      <main className="ls-wrap ls-main">
        {error && (
          <div className="ls-alert" role="alert">
            <CloseCircleFilled className="ls-alert-icon" aria-hidden />
            <div className="ls-alert-text">
              <strong>{T.loadFailed}</strong>
              <span data-testid="load-error">{error}</span>
            </div>
            <button type="button" className="ls-button" onClick={retry}>
              {T.retry}
            </button>
          </div>
        )}
        <div className="ls-panel">{phone ? <PriceCards {...list} /> : <PriceTable {...list} />}</div>
      </main>
      <SiteFooter hospital={hospital} />
    </div>
  );
}

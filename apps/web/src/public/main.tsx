/**
 * Entry of the public service price page (/list-service, no login). Its own small bundle:
 * React, a few tree-shaken antd components and the shared rules — nothing of the admin app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, type ThemeConfig } from 'antd';
import viVN from 'antd/locale/vi_VN';
import { prefersReducedMotion } from '../core/motion/reduced-motion';
import { LIGHT_BACKGROUNDS, READABLE_GREYS, readableOn } from '../core/theme/contrast';
import { PriceListPage } from './price-list-page';
import './list-service.css';

// the admin's default theme colours, shaded where they are text (docs/decisions.md, "Readable colours")
const PRIMARY = readableOn('#1677ff', LIGHT_BACKGROUNDS);
const TEAL = readableOn('#13a8a8', LIGHT_BACKGROUNDS);

const theme: ThemeConfig = {
  token: {
    ...READABLE_GREYS,
    colorPrimary: PRIMARY,
    colorInfo: PRIMARY,
    colorLink: PRIMARY,
    colorLinkHover: TEAL,
    // read once: the page has nothing long-lived to animate
    motion: !prefersReducedMotion(),
    fontSize: 14,
    borderRadius: 6,
    fontFamily: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Table: { headerBg: '#eef5ff', headerColor: '#0b2a52', rowHoverBg: '#e6fffb', cellPaddingBlockMD: 10 },
  },
};

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConfigProvider locale={viVN} theme={theme} wave={{ disabled: prefersReducedMotion() }}>
      <PriceListPage />
    </ConfigProvider>
  </StrictMode>,
);

/**
 * Entry of the public service price page (/list-service, no login). Its own small bundle:
 * React, a few tree-shaken antd components and the shared rules — nothing of the admin app.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigProvider, type ThemeConfig } from 'antd';
import viVN from 'antd/locale/vi_VN';
import { prefersReducedMotion } from '../core/motion/reduced-motion';
import { PriceListPage } from './price-list-page';
import './list-service.css';

const PRIMARY = '#1677ff';
const TEAL = '#13a8a8';

const theme: ThemeConfig = {
  token: {
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

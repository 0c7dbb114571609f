import { useState } from 'react';
import { Card, Carousel, Empty, Flex, Segmented, Typography } from 'antd';
import type { BannerDto, MenuItemDto } from '@portal/shared/contracts/app-config.contract';
import { APP_PLATFORM_LABELS, APP_PLATFORMS, type AppPlatform } from '@portal/shared/rules/app-config';
import { previewBanners, previewMenu } from './app-config.logic';
import { AppIcon } from './app-icons';
import { TAC } from './app-config.messages';

/** The app's blue, dark enough for white text on it (6.2:1) and for icons on white. */
const APP_BLUE = '#0958d9';

const P = TAC.preview;
const PLATFORM_OPTIONS = APP_PLATFORMS.map((p) => ({ value: p, label: APP_PLATFORM_LABELS[p] }));
const PHONE_WIDTH = 280;

/**
 * The patient app's home as a phone of the chosen platform shows it now: the active banners in a carousel, then the
 * visible menu entries in a grid of four, in order. The same rules as the public API (rules/app-config.ts).
 */
export function PhonePreview({ menu, banners }: { menu: readonly MenuItemDto[]; banners: readonly BannerDto[] }) {
  const [platform, setPlatform] = useState<AppPlatform>('ANDROID');
  const items = previewMenu(menu, platform);
  const shown = previewBanners(banners, platform);
  return (
    <Card size="small" title={P.title} data-testid="phone-preview">
      <Flex vertical gap={12} align="center">
        <Segmented aria-label={P.platform} size="small" options={PLATFORM_OPTIONS} value={platform} onChange={(v) => setPlatform(v as AppPlatform)} />
        <div
          style={{
            width: PHONE_WIDTH,
            border: '8px solid #1f2937',
            borderRadius: 28,
            background: '#f3f6fb',
            overflow: 'hidden',
            minHeight: 420,
          }}
        >
          <div style={{ background: APP_BLUE, color: '#fff', padding: '14px 14px 28px' }}>
            <div style={{ fontSize: 12 }}>{P.greeting}</div>
            <div style={{ fontWeight: 600 }}>{P.patient}</div>
          </div>
          <div style={{ margin: '-18px 10px 0' }}>
            {shown.length > 0 ? (
              <Carousel autoplay dots adaptiveHeight>
                {shown.map((b) => (
                  <div key={b.id}>
                    <img
                      src={b.imageUrl}
                      alt={b.title}
                      title={b.title}
                      style={{ width: '100%', aspectRatio: '2 / 1', objectFit: 'cover', borderRadius: 10, display: 'block' }}
                    />
                  </div>
                ))}
              </Carousel>
            ) : (
              <div style={{ aspectRatio: '2 / 1', borderRadius: 10, background: '#e6ecf5', display: 'grid', placeItems: 'center', padding: 8 }}>
                <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
                  {P.noBanner}
                </Typography.Text>
              </div>
            )}
          </div>
          <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 8, padding: 12 }} data-testid="preview-menu">
            {items.map((m) => (
              <Flex key={m.id} vertical align="center" gap={4} style={{ minWidth: 0 }}>
                <span
                  style={{
                    width: 40,
                    height: 40,
                    borderRadius: 12,
                    background: '#fff',
                    color: APP_BLUE,
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 20,
                    boxShadow: '0 1px 3px rgba(0,0,0,0.08)',
                  }}
                >
                  <AppIcon icon={m.icon} />
                </span>
                <span style={{ fontSize: 11, lineHeight: 1.25, textAlign: 'center', overflowWrap: 'anywhere' }}>{m.name}</span>
              </Flex>
            ))}
          </div>
          {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={P.noMenu} />}
        </div>
        <Typography.Text type="secondary" style={{ fontSize: 12, textAlign: 'center' }}>
          {P.note}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

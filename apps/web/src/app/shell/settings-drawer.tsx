import { Button, Divider, Drawer, Flex, Switch, Tooltip, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { layoutStore, useLayoutSettings, type LayoutSettings } from '../layout-settings';
import { T } from '../messages';
import { COLOR_THEMES } from '../theme-palette';

type Toggle = keyof Omit<LayoutSettings, 'theme'>;

const TOGGLES: { key: Toggle; label: string }[] = [
  { key: 'showDisplayName', label: T.settings.showDisplayName },
  { key: 'showBreadcrumb', label: T.settings.showBreadcrumb },
  { key: 'fixedHeader', label: T.settings.fixedHeader },
  { key: 'showFooter', label: T.settings.showFooter },
  { key: 'compact', label: T.settings.compact },
];

/** Layout settings (spec §2): display toggles, 13 colour themes, reset and factory reset. */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useLayoutSettings();
  return (
    <Drawer title={T.settings.title} open={open} onClose={onClose} size={340}>
      <Typography.Text strong>{T.settings.display}</Typography.Text>
      <Flex vertical gap={12} style={{ marginTop: 12 }}>
        {TOGGLES.map((t) => (
          <Flex key={t.key} justify="space-between" align="center" gap={12}>
            <label htmlFor={`layout-${t.key}`}>{t.label}</label>
            <Switch id={`layout-${t.key}`} size="small" checked={settings[t.key]} onChange={(checked) => layoutStore.update({ [t.key]: checked })} />
          </Flex>
        ))}
      </Flex>
      <Divider />
      <Typography.Text strong>{T.settings.theme}</Typography.Text>
      <div className="theme-grid" role="radiogroup" aria-label={T.settings.theme}>
        {COLOR_THEMES.map((theme) => {
          const selected = settings.theme === theme.key;
          return (
            <Tooltip key={theme.key} title={theme.label}>
              <button
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={theme.label}
                className="theme-swatch"
                style={{ background: `linear-gradient(135deg, ${theme.primary} 60%, ${theme.secondary} 60%)` }}
                onClick={() => layoutStore.update({ theme: theme.key })}
              >
                {selected && <CheckOutlined />}
              </button>
            </Tooltip>
          );
        })}
      </div>
      <Divider />
      <Flex vertical gap={4}>
        <Button block onClick={() => layoutStore.reset()} aria-describedby="layout-reset-hint">
          {T.settings.reset}
        </Button>
        <Typography.Text type="secondary" id="layout-reset-hint" style={{ fontSize: 12, marginBottom: 8 }}>
          {T.settings.resetHint}
        </Typography.Text>
        <Button block danger onClick={() => layoutStore.factoryReset()} aria-describedby="layout-factory-reset-hint">
          {T.settings.factoryReset}
        </Button>
        <Typography.Text type="secondary" id="layout-factory-reset-hint" style={{ fontSize: 12 }}>
          {T.settings.factoryResetHint}
        </Typography.Text>
      </Flex>
    </Drawer>
  );
}

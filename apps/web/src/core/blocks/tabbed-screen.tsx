import { type ReactNode, useState } from 'react';
import { Flex, Tabs } from 'antd';
import { useScreenParams } from '../router/use-screen-params';
import { ScreenHeader } from './screen-header';

/** A tab of a screen: its key in `?tab=`, its label, what it shows (rendered only while it is open). */
export interface ScreenTab {
  key: string;
  label: string;
  render: () => ReactNode;
}

/**
 * A screen of tabs under its title (/admin/thong-bao-day, /admin/menu; the screen checks its authority first). The
 * open tab is the screen's own state, read from `?tab=` when it opens and written back (the first tab keeps the URL free
 * of `tab`). A tab's own filters may sit in the URL beside it.
 */
export function TabbedScreen({ title, tabs }: { title: string; tabs: readonly ScreenTab[] }) {
  const [params, setParams] = useScreenParams();
  const [tab, setTab] = useState<string>(() => tabs.find((t) => t.key === params.get('tab'))?.key ?? tabs[0]!.key);
  const go = (next: string) => {
    setTab(next);
    setParams(next === tabs[0]!.key ? new URLSearchParams() : new URLSearchParams({ tab: next }), { replace: true });
  };
  return (
    <Flex vertical gap={16}>
      <ScreenHeader title={title} />
      <Tabs activeKey={tab} onChange={go} items={tabs.map((t) => ({ key: t.key, label: t.label, children: tab === t.key && t.render() }))} />
    </Flex>
  );
}

import type { ComponentType } from 'react';
import {
  BankOutlined,
  BellOutlined,
  CalendarOutlined,
  CommentOutlined,
  CompassOutlined,
  CreditCardOutlined,
  EnvironmentOutlined,
  ExperimentOutlined,
  HistoryOutlined,
  IdcardOutlined,
  MedicineBoxOutlined,
  OrderedListOutlined,
  PhoneOutlined,
  ReadOutlined,
  StarOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { APP_MENU_ICON_LABELS, APP_MENU_ICONS, type AppMenuIcon } from '@portal/shared/rules/app-config';

/** How the admin screen draws each icon key the app knows (the app draws its own artwork for the same keys). */
export const APP_ICON_COMPONENTS: Record<AppMenuIcon, ComponentType> = {
  calendar: CalendarOutlined,
  'test-tube': ExperimentOutlined,
  'doctor-chat': CommentOutlined,
  'price-tag': TagOutlined,
  news: ReadOutlined,
  guide: CompassOutlined,
  history: HistoryOutlined,
  hospital: BankOutlined,
  phone: PhoneOutlined,
  medicine: MedicineBoxOutlined,
  payment: CreditCardOutlined,
  queue: OrderedListOutlined,
  profile: IdcardOutlined,
  map: EnvironmentOutlined,
  bell: BellOutlined,
  star: StarOutlined,
};

export function AppIcon({ icon }: { icon: AppMenuIcon }) {
  const C = APP_ICON_COMPONENTS[icon] ?? StarOutlined;
  return <C />;
}

/** The options of the icon select: the icon and its name. */
export const ICON_OPTIONS = APP_MENU_ICONS.map((k) => ({
  value: k,
  label: (
    <span>
      <AppIcon icon={k} /> {APP_MENU_ICON_LABELS[k]}
    </span>
  ),
  title: APP_MENU_ICON_LABELS[k],
}));

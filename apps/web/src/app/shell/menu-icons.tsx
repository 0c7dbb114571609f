import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  CalendarOutlined,
  ControlOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  MessageOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShopOutlined,
  SolutionOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIconKey } from '../menu';

export const MENU_ICONS: Record<MenuIconKey, ReactNode> = {
  home: <HomeOutlined />,
  patients: <TeamOutlined />,
  admins: <SolutionOutlined />,
  appointments: <CalendarOutlined />,
  schedule: <ScheduleOutlined />,
  catalog: <AppstoreOutlined />,
  doctors: <MedicineBoxOutlined />,
  notifications: <BellOutlined />,
  sms: <MessageOutlined />,
  news: <ReadOutlined />,
  questions: <QuestionCircleOutlined />,
  config: <ControlOutlined />,
  logs: <AuditOutlined />,
  reports: <BarChartOutlined />,
  clinic: <ShopOutlined />,
  settings: <SettingOutlined />,
};

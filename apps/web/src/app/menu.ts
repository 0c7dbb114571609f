/**
 * The sidebar, as ONE table mirroring spec §2 "Sidebar menu". The router builds the admin
 * routes from the same table, so a screen is switched on by giving its leaf a `page`:
 *
 *   { key: 'department', label: T.menu.departments, path: '/admin/department',
 *     page: () => import('../modules/catalog/department-page').then((m) => m.DepartmentPage) },
 *
 * A leaf without `page` has no screen yet: it is neither routed nor shown. This file is plain
 * data (no JSX) so unit tests and the end-to-end specs can import it.
 */
import type { ComponentType } from 'react';
import type { Authority } from '@portal/shared/authorities';
import { hasAuthority } from '@portal/shared/authorities';
import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import { T } from './messages';

export type PageLoader = () => Promise<ComponentType>;

export type MenuIconKey =
  | 'home'
  | 'patients'
  | 'admins'
  | 'appointments'
  | 'schedule'
  | 'catalog'
  | 'doctors'
  | 'notifications'
  | 'sms'
  | 'news'
  | 'questions'
  | 'config'
  | 'logs'
  | 'reports'
  | 'clinic'
  | 'roomQueue'
  | 'settings';

export interface MenuLeaf {
  key: string;
  label: string;
  path: string;
  /** The screen. Absent = not built yet: hidden from the sidebar and not routed. */
  page?: PageLoader;
  /** Spec §6: sub-entries may carry their own authority; none does today. */
  authority?: Authority;
  /** Routed but not in the sidebar (a detail screen such as /admin/chi-tiet-y-ba/:userId). */
  hidden?: boolean;
  /** A hidden screen's sidebar screen (a key of the same entry): highlighted for it, and before it in the breadcrumb. */
  parent?: string;
}

export interface MenuEntry {
  key: string;
  label: string;
  icon: MenuIconKey;
  /** null = every signed-in user (the home page). */
  authority: Authority | null;
  /** One child → the entry is a plain link; several → a sub-menu. */
  children: MenuLeaf[];
}

export const MENU: readonly MenuEntry[] = [
  {
    key: 'home',
    label: T.menu.home,
    icon: 'home',
    authority: null,
    children: [
      {
        key: 'home',
        label: T.menu.home,
        path: '/admin',
        page: () => import('../modules/home/home-page').then((m) => m.HomePage),
      },
    ],
  },
  {
    key: 'patients',
    label: T.menu.patientAccounts,
    icon: 'patients',
    authority: 'MANAGER_USER',
    children: [
      {
        key: 'user',
        label: T.menu.patientList,
        path: '/admin/user',
        page: () => import('../modules/patients/patient-list-page').then((m) => m.PatientListPage),
      },
      {
        key: 'merge-account',
        label: T.menu.mergeAccounts,
        path: '/admin/merge-account',
        page: () => import('../modules/patients/merge-page').then((m) => m.MergePage),
      },
      {
        key: 'chi-tiet-y-ba',
        label: T.patients.record.title,
        path: '/admin/chi-tiet-y-ba/:userId',
        hidden: true,
        parent: 'user',
        page: () => import('../modules/patients/patient-record-page').then((m) => m.PatientRecordPage),
      },
    ],
  },
  {
    key: 'admins',
    label: T.menu.adminAccounts,
    icon: 'admins',
    authority: 'MANAGER_ADMIN',
    children: [
      {
        key: 'account-list',
        label: T.menu.accountList,
        path: '/admin/account-list',
        page: () => import('../modules/admin/account-page').then((m) => m.AccountPage),
      },
      {
        key: 'role-list',
        label: T.menu.roleList,
        path: '/admin/role-list',
        page: () => import('../modules/admin/role-page').then((m) => m.RolePage),
      },
      {
        key: 'room-list',
        label: T.menu.roomList,
        path: '/admin/room-list',
        page: () => import('../modules/admin/account-room-page').then((m) => m.AccountRoomPage),
      },
    ],
  },
  {
    key: 'appointments',
    label: T.menu.appointments,
    icon: 'appointments',
    authority: 'MANAGER_APPOINTMENT',
    children: [
      // Booking screens (issue 6): list, detail, new (optionally for one patient account), update.
      {
        key: 'quan-ly-dat-kham',
        label: T.menu.bookingList,
        path: '/admin/quan-ly-dat-kham',
        page: () => import('../modules/appointments/booking-list-page').then((m) => m.BookingListPage),
      },
      {
        key: 'dat-kham-moi',
        label: T.menu.newBooking,
        path: '/admin/dat-kham-moi',
        page: () => import('../modules/appointments/booking-form-pages').then((m) => m.NewBookingPage),
      },
      {
        key: 'chi-tiet-dat-kham',
        label: T.menu.bookingDetail,
        path: '/admin/quan-ly-dat-kham/:bookingId',
        hidden: true,
        page: () => import('../modules/appointments/booking-detail-page').then((m) => m.BookingDetailPage),
      },
      {
        key: 'dat-kham-moi-benh-nhan',
        label: T.menu.newBooking,
        path: '/admin/dat-kham-moi/:userId',
        hidden: true,
        page: () => import('../modules/appointments/booking-form-pages').then((m) => m.NewBookingPage),
      },
      {
        key: 'cap-nhat-dat-kham',
        label: T.menu.bookingUpdate,
        path: '/admin/cap-nhat-dat-kham/:bookingId',
        hidden: true,
        parent: 'quan-ly-dat-kham',
        page: () => import('../modules/appointments/booking-form-pages').then((m) => m.UpdateBookingPage),
      },
    ],
  },
  {
    // The room's console (issue 22): a nurse whose role holds only this authority sees it and the home page.
    key: 'room-queue',
    label: T.menu.roomQueue,
    icon: 'roomQueue',
    authority: 'MANAGER_ROOM_QUEUE',
    children: [
      {
        key: 'phong-kham',
        label: T.menu.roomQueue,
        path: '/admin/phong-kham',
        page: () => import('../modules/queue/console-page').then((m) => m.ConsolePage),
      },
    ],
  },
  {
    key: 'schedule',
    label: T.menu.doctorSchedule,
    icon: 'schedule',
    authority: 'MANAGER_SCHEDULE',
    children: [
      {
        key: 'lich-lam-viec-bac-si',
        label: T.menu.doctorSchedule,
        path: '/admin/lich-lam-viec-bac-si',
        page: () => import('../modules/schedules/schedule-page').then((m) => m.SchedulePage),
      },
    ],
  },
  {
    key: 'catalog',
    label: T.menu.catalogues,
    icon: 'catalog',
    authority: 'MANAGER_CATALOG',
    children: [
      {
        key: 'department',
        label: T.menu.departments,
        path: '/admin/department',
        page: () => import('../modules/catalog/department-page').then((m) => m.DepartmentPage),
      },
      {
        key: 'specialty',
        label: T.menu.specialties,
        path: '/admin/specialty',
        page: () => import('../modules/catalog/specialty-page').then((m) => m.SpecialtyPage),
      },
      {
        key: 'room',
        label: T.menu.rooms,
        path: '/admin/room',
        page: () => import('../modules/catalog/room-page').then((m) => m.RoomPage),
      },
      {
        key: 'service',
        label: T.menu.services,
        path: '/admin/service',
        page: () => import('../modules/catalog/service-page').then((m) => m.ServicePage),
      },
      {
        key: 'administrative',
        label: T.menu.administrative,
        path: '/admin/administrative',
        page: () => import('../modules/catalog/area-page').then((m) => m.AreaPage),
      },
      {
        key: 'jobs',
        label: T.menu.jobs,
        path: '/admin/jobs',
        page: () => import('../modules/catalog/job-page').then((m) => m.JobPage),
      },
      {
        key: 'nations',
        label: T.menu.nations,
        path: '/admin/nations',
        page: () => import('../modules/catalog/nation-page').then((m) => m.NationPage),
      },
      {
        key: 'acronym',
        label: T.menu.acronyms,
        path: '/admin/acronym',
        page: () => import('../modules/catalog/acronym-page').then((m) => m.AcronymPage),
      },
    ],
  },
  {
    key: 'doctors',
    label: T.menu.doctors,
    icon: 'doctors',
    authority: 'MANAGER_DOCTOR',
    children: [
      {
        key: 'doctor',
        label: T.menu.doctors,
        path: '/admin/doctor',
        page: () => import('../modules/doctors/doctor-page').then((m) => m.DoctorPage),
      },
    ],
  },
  {
    key: 'notifications',
    label: T.menu.notifications,
    icon: 'notifications',
    authority: 'MANAGER_NOTIFICATION',
    children: [
      {
        key: 'nhom-thong-bao',
        label: T.menu.notificationGroups,
        path: '/admin/nhom-thong-bao',
        page: () => import('../modules/notifications/groups/groups-page').then((m) => m.GroupsPage),
      },
      {
        key: 'thong-bao-day',
        label: T.menu.pushNotifications,
        path: '/admin/thong-bao-day',
        page: () => import('../modules/notifications/push/push-page').then((m) => m.PushPage),
      },
    ],
  },
  {
    key: 'sms',
    label: T.menu.sms,
    icon: 'sms',
    authority: 'MANAGER_SMS',
    children: [{ key: 'sms', label: T.menu.sms, path: '/admin/sms', page: () => import('../modules/sms/sms-page').then((m) => m.SmsPage) }],
  },
  {
    key: 'news',
    label: T.menu.news,
    icon: 'news',
    authority: 'MANAGER_NEWS',
    children: [
      { key: 'news', label: T.menu.newsList, path: '/admin/news', page: () => import('../modules/news/news-list-page').then((m) => m.NewsListPage) },
      {
        key: 'news-create',
        label: T.menu.newsCreate,
        path: '/admin/news/create',
        page: () => import('../modules/news/news-edit-page').then((m) => m.NewsEditPage),
      },
      {
        key: 'news-edit',
        label: T.menu.newsEdit,
        path: '/admin/news/edit/:alias',
        hidden: true,
        parent: 'news',
        page: () => import('../modules/news/news-edit-page').then((m) => m.NewsEditPage),
      },
    ],
  },
  {
    key: 'questions',
    label: T.menu.questions,
    icon: 'questions',
    authority: 'MANAGER_CONSULTATION',
    children: [
      {
        key: 'question',
        label: T.menu.questions,
        path: '/admin/question',
        page: () => import('../modules/questions/question-list-page').then((m) => m.QuestionListPage),
      },
      {
        key: 'question-detail',
        label: T.menu.questionDetail,
        path: '/admin/question/:id',
        hidden: true,
        parent: 'question',
        page: () => import('../modules/questions/question-detail-page').then((m) => m.QuestionDetailPage),
      },
      {
        key: 'feedback',
        label: T.menu.feedback,
        path: '/admin/danh-sach-phan-hoi',
        page: () => import('../modules/feedback/feedback-page').then((m) => m.FeedbackPage),
      },
    ],
  },
  {
    key: 'software-config',
    label: T.menu.softwareConfig,
    icon: 'config',
    authority: 'MANAGER_SETTING',
    children: [
      {
        key: 'menu',
        label: T.menu.softwareConfig,
        path: '/admin/menu',
        page: () => import('../modules/app-config/software-config-page').then((m) => m.SoftwareConfigPage),
      },
    ],
  },
  {
    key: 'logs',
    label: T.menu.logs,
    icon: 'logs',
    authority: 'MANAGER_LOG',
    children: [{ key: 'logs', label: T.menu.logs, path: '/admin/logs', page: () => import('../modules/logs/log-page').then((m) => m.LogPage) }],
  },
  {
    key: 'reports',
    label: T.menu.reports,
    icon: 'reports',
    authority: 'MANAGER_REPORT',
    children: [
      {
        key: 'report-bookings',
        label: T.menu.reports,
        path: '/admin/report/bookings',
        page: () => import('../modules/reports/report-page').then((m) => m.ReportPage),
      },
    ],
  },
  {
    key: 'private-clinic',
    label: T.menu.privateClinic,
    icon: 'clinic',
    authority: 'MANAGER_SHP',
    children: [
      {
        key: 'shp-members',
        label: T.menu.members,
        path: '/admin/SHP/members',
        page: () => import('../modules/clinic/members-page').then((m) => m.MembersPage),
      },
      {
        key: 'shp-groups-chat',
        label: T.menu.chatGroups,
        path: '/admin/SHP/groups-chat',
        page: () => import('../modules/clinic/chat-page').then((m) => m.ChatPage),
      },
      {
        key: 'shp-drug',
        label: T.menu.drugReminders,
        path: '/admin/SHP/drug',
        page: () => import('../modules/clinic/drug-list-page').then((m) => m.DrugListPage),
      },
      {
        key: 'shp-drug-member',
        label: T.menu.drugMember,
        path: '/admin/SHP/drug/:userId',
        hidden: true,
        parent: 'shp-drug',
        page: () => import('../modules/clinic/drug-member-page').then((m) => m.DrugMemberPage),
      },
      {
        key: 'shp-news',
        label: T.menu.clinicNews,
        path: '/admin/SHP/news',
        page: () => import('../modules/news/news-list-page').then((m) => m.ShpNewsListPage),
      },
      {
        key: 'shp-news-create',
        label: T.menu.clinicNewsCreate,
        path: '/admin/SHP/news/create',
        hidden: true,
        parent: 'shp-news',
        page: () => import('../modules/news/news-edit-page').then((m) => m.ShpNewsEditPage),
      },
      {
        key: 'shp-news-edit',
        label: T.menu.clinicNewsEdit,
        path: '/admin/SHP/news/edit/:alias',
        hidden: true,
        parent: 'shp-news',
        page: () => import('../modules/news/news-edit-page').then((m) => m.ShpNewsEditPage),
      },
    ],
  },
  {
    key: 'settings',
    label: T.menu.settings,
    icon: 'settings',
    authority: 'MANAGER_SETTING',
    children: [
      { key: 'settings', label: T.menu.settings, path: '/admin/settings', page: () => import('../modules/settings/settings-page').then((m) => m.SettingsPage) },
      { key: 'ket-noi-his', label: T.menu.hisConnection, path: '/admin/ket-noi-his', page: () => import('../modules/his/his-page').then((m) => m.HisPage) },
      {
        key: 'man-hinh-goi-so',
        label: T.menu.queueScreens,
        path: '/admin/man-hinh-goi-so',
        page: () => import('../modules/queue/screens-page').then((m) => m.ScreensPage),
      },
    ],
  },
];

/** A sidebar entry after filtering: a link (`path`) or a sub-menu (`children`). */
export type VisibleEntry =
  | { kind: 'link'; key: string; label: string; icon: MenuIconKey; path: string }
  | { kind: 'group'; key: string; label: string; icon: MenuIconKey; children: { key: string; label: string; path: string }[] };

/**
 * What a user with `authorities` sees (spec §6): ADMIN_FACILITY sees every entry, others the
 * entries whose authority they hold; only leaves with a screen count, and an entry left with
 * no leaf disappears.
 */
export function visibleMenu(menu: readonly MenuEntry[], authorities: readonly string[]): VisibleEntry[] {
  const out: VisibleEntry[] = [];
  for (const entry of menu) {
    if (!hasAuthority(authorities, entry.authority)) continue;
    const leaves = entry.children.filter((leaf) => leaf.page && !leaf.hidden && hasAuthority(authorities, leaf.authority));
    if (leaves.length === 0) continue;
    if (entry.children.filter((leaf) => !leaf.hidden).length === 1) {
      out.push({ kind: 'link', key: entry.key, label: entry.label, icon: entry.icon, path: leaves[0].path });
    } else {
      out.push({
        kind: 'group',
        key: entry.key,
        label: entry.label,
        icon: entry.icon,
        children: leaves.map(({ key, label, path }) => ({ key, label, path })),
      });
    }
  }
  return out;
}

/** Every leaf with a screen, for the router. */
export function routedLeaves(menu: readonly MenuEntry[]): (MenuLeaf & { page: PageLoader; authority?: Authority })[] {
  return menu.flatMap((entry) =>
    entry.children
      .filter((leaf): leaf is MenuLeaf & { page: PageLoader } => leaf.page !== undefined)
      .map((leaf) => ({ ...leaf, authority: leaf.authority ?? entry.authority ?? undefined })),
  );
}

const cleanPath = (pathname: string) => trimTrailingSlashes(pathname) || '/';
/** The leaf's own path, a `:param` segment matching any one segment. */
const isLeafPath = (leaf: MenuLeaf, path: string) =>
  path === leaf.path || (leaf.path.includes('/:') && new RegExp(`^${leaf.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path));

/** The entry and leaf a path belongs to (breadcrumb, selected key, open sub-menu). */
export function findByPath(menu: readonly MenuEntry[], pathname: string): { entry: MenuEntry; leaf: MenuLeaf } | null {
  const path = cleanPath(pathname);
  let best: { entry: MenuEntry; leaf: MenuLeaf } | null = null;
  for (const entry of menu) {
    for (const leaf of entry.children) {
      const exact = isLeafPath(leaf, path);
      const nested = leaf.path !== '/admin' && path.startsWith(`${leaf.path}/`);
      // A sidebar leaf that the path is nested under wins over a hidden detail leaf
      // (/admin/quan-ly-dat-kham/12 highlights the booking list); else the longest path wins.
      const better = !best || (!!best.leaf.hidden === !!leaf.hidden ? leaf.path.length > best.leaf.path.length : !leaf.hidden);
      if ((exact || nested) && better) best = { entry, leaf };
    }
  }
  return best;
}

/**
 * The breadcrumb's screens of a path: the leaf it belongs to and, when that is a sidebar screen
 * the path is nested under (the booking list for /admin/quan-ly-dat-kham/12), the detail screen
 * itself after it ("Danh sách đặt khám / Chi tiết đặt khám").
 */
export function breadcrumbTrail(menu: readonly MenuEntry[], pathname: string): { entry: MenuEntry; leaves: MenuLeaf[] } | null {
  const found = findByPath(menu, pathname);
  if (!found) return null;
  const path = cleanPath(pathname);
  const parent = parentOf(found.entry, found.leaf);
  if (parent) return { entry: found.entry, leaves: [parent, found.leaf] };
  const detail = found.leaf.path === path ? undefined : found.entry.children.find((l) => l.hidden && isLeafPath(l, path));
  return { entry: found.entry, leaves: detail && detail.label !== found.leaf.label ? [found.leaf, detail] : [found.leaf] };
}

const parentOf = (entry: MenuEntry, leaf: MenuLeaf) => (leaf.parent ? entry.children.find((l) => l.key === leaf.parent) : undefined);

/** The sidebar screen to highlight for a path: its own, or a hidden screen's parent. */
export function sidebarLeaf(menu: readonly MenuEntry[], pathname: string): MenuLeaf | null {
  const found = findByPath(menu, pathname);
  return found ? (parentOf(found.entry, found.leaf) ?? found.leaf) : null;
}

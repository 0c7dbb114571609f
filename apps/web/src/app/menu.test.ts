import { describe, expect, it } from 'vitest';
import { AUTHORITIES, SYSTEM_AUTHORITIES } from '@portal/shared/authorities';
import { MENU, breadcrumbTrail, findByPath, routedLeaves, sidebarLeaf, visibleMenu, type MenuEntry, type PageLoader } from './menu';

const page: PageLoader = async () => () => null;

/** A menu where some screens exist, to exercise the filtering independently of today's MENU. */
const SAMPLE: MenuEntry[] = [
  { key: 'home', label: 'Trang chủ', icon: 'home', authority: null, children: [{ key: 'home', label: 'Trang chủ', path: '/admin', page }] },
  {
    key: 'patients',
    label: 'Tài khoản bệnh nhân',
    icon: 'patients',
    authority: 'MANAGER_USER',
    children: [
      { key: 'user', label: 'Danh sách', path: '/admin/user', page },
      { key: 'merge', label: 'Gộp', path: '/admin/merge-account' },
    ],
  },
  {
    key: 'catalog',
    label: 'Danh mục',
    icon: 'catalog',
    authority: 'MANAGER_CATALOG',
    children: [
      { key: 'department', label: 'Khoa', path: '/admin/department', page },
      { key: 'room', label: 'Phòng', path: '/admin/room', page },
    ],
  },
  { key: 'sms', label: 'SMS', icon: 'sms', authority: 'MANAGER_SMS', children: [{ key: 'sms', label: 'SMS', path: '/admin/sms' }] },
  { key: 'logs', label: 'Nhật ký', icon: 'logs', authority: 'MANAGER_LOG', children: [{ key: 'logs', label: 'Nhật ký', path: '/admin/logs', page }] },
];

const keys = (authorities: string[]) => visibleMenu(SAMPLE, authorities).map((e) => e.key);

describe('visibleMenu', () => {
  it('shows ADMIN_FACILITY every entry that has a screen', () => {
    expect(keys(['ADMIN_FACILITY'])).toEqual(['home', 'patients', 'catalog', 'logs']);
  });

  it('shows others only entries whose authority they hold, plus home', () => {
    expect(keys(['MANAGER_USER'])).toEqual(['home', 'patients']);
    expect(keys(['MANAGER_LOG', 'MANAGER_REPORT'])).toEqual(['home', 'logs']);
    expect(keys([])).toEqual(['home']);
  });

  it('drops a parent whose children have no screen (SMS) and leaves without a screen (merge)', () => {
    const all = visibleMenu(SAMPLE, ['ADMIN_FACILITY']);
    expect(all.find((e) => e.key === 'sms')).toBeUndefined();
    const patients = all.find((e) => e.key === 'patients');
    expect(patients).toEqual({
      kind: 'group',
      key: 'patients',
      label: 'Tài khoản bệnh nhân',
      icon: 'patients',
      children: [{ key: 'user', label: 'Danh sách', path: '/admin/user' }],
    });
  });

  it('renders a one-route entry as a link and a several-route entry as a group', () => {
    const all = visibleMenu(SAMPLE, ['ADMIN_FACILITY']);
    expect(all.find((e) => e.key === 'logs')).toMatchObject({ kind: 'link', path: '/admin/logs' });
    expect(all.find((e) => e.key === 'catalog')).toMatchObject({ kind: 'group' });
  });

  it('honours a leaf authority of its own', () => {
    const menu: MenuEntry[] = [
      {
        key: 'x',
        label: 'X',
        icon: 'config',
        authority: 'MANAGER_SETTING',
        children: [
          { key: 'a', label: 'A', path: '/admin/a', page },
          { key: 'b', label: 'B', path: '/admin/b', page, authority: 'MANAGER_ADMIN' },
        ],
      },
    ];
    expect(visibleMenu(menu, ['MANAGER_SETTING'])).toMatchObject([{ children: [{ key: 'a' }] }]);
    expect(visibleMenu(menu, ['ADMIN_FACILITY'])).toMatchObject([{ children: [{ key: 'a' }, { key: 'b' }] }]);
  });
});

describe('MENU (the real table)', () => {
  it('mirrors the 15 entries of spec §2 plus the home page and the room console', () => {
    expect(MENU).toHaveLength(17);
    const authorities = MENU.map((e) => e.authority).filter(Boolean);
    // MANAGER_SETTING appears twice (software configuration and settings); ADMIN_FACILITY never, nor the
    // authorities of systems (FHIR_READ: a HIS reading the FHIR façade has no screen).
    expect(new Set(authorities)).toEqual(new Set(AUTHORITIES.filter((a) => a !== 'ADMIN_FACILITY' && !SYSTEM_AUTHORITIES.includes(a))));
  });

  it('has unique keys and paths', () => {
    const leaves = MENU.flatMap((e) => e.children);
    expect(new Set(leaves.map((l) => l.path)).size).toBe(leaves.length);
    expect(new Set(MENU.map((e) => e.key)).size).toBe(MENU.length);
  });

  it('shows a nurse whose role holds only MANAGER_ROOM_QUEUE the room console and the home page', () => {
    expect(visibleMenu(MENU, ['MANAGER_ROOM_QUEUE'])).toEqual([
      { kind: 'link', key: 'home', label: 'Trang chủ', icon: 'home', path: '/admin' },
      { kind: 'link', key: 'room-queue', label: 'Gọi bệnh nhân', icon: 'roomQueue', path: '/admin/phong-kham' },
    ]);
    // the booking desk does not see the console through MANAGER_APPOINTMENT alone: it has its own queue card
    expect(visibleMenu(MENU, ['MANAGER_APPOINTMENT']).map((e) => e.key)).toEqual(['home', 'appointments']);
  });

  it('puts the calling screens and kiosks beside the HIS connection, under the settings (MANAGER_SETTING)', () => {
    expect(visibleMenu(MENU, ['MANAGER_SETTING']).find((e) => e.key === 'settings')).toEqual({
      kind: 'group',
      key: 'settings',
      label: 'Cài đặt',
      icon: 'settings',
      children: [
        { key: 'settings', label: 'Cài đặt', path: '/admin/settings' },
        { key: 'ket-noi-his', label: 'Kết nối HIS', path: '/admin/ket-noi-his' },
        { key: 'man-hinh-goi-so', label: 'Màn hình gọi số & ki-ốt', path: '/admin/man-hinh-goi-so' },
      ],
    });
    expect(routedLeaves(MENU).find((l) => l.path === '/admin/man-hinh-goi-so')?.authority).toBe('MANAGER_SETTING');
    expect(routedLeaves(MENU).find((l) => l.path === '/admin/phong-kham')?.authority).toBe('MANAGER_ROOM_QUEUE');
  });

  it('always shows the home page, to everyone', () => {
    expect(visibleMenu(MENU, [])[0]).toMatchObject({ kind: 'link', path: '/admin' });
    expect(routedLeaves(MENU).map((l) => l.path)).toContain('/admin');
  });
});

describe('findByPath', () => {
  it('finds the leaf of a path, nested paths included', () => {
    expect(findByPath(MENU, '/admin/news/create')?.leaf.key).toBe('news-create');
    expect(findByPath(MENU, '/admin/quan-ly-dat-kham/12')?.leaf.key).toBe('quan-ly-dat-kham');
    expect(findByPath(MENU, '/admin/dat-kham-moi/7')?.leaf.key).toBe('dat-kham-moi');
    expect(findByPath(MENU, '/admin/cap-nhat-dat-kham/12')?.leaf.key).toBe('cap-nhat-dat-kham');
    expect(findByPath(MENU, '/admin/')?.leaf.key).toBe('home');
    expect(findByPath(MENU, '/admin/nothing')).toBeNull();
  });
});

describe('sidebarLeaf', () => {
  it.each([
    ['/admin/quan-ly-dat-kham/12', 'quan-ly-dat-kham'],
    ['/admin/cap-nhat-dat-kham/12', 'quan-ly-dat-kham'],
    ['/admin/chi-tiet-y-ba/5', 'user'],
    ['/admin/dat-kham-moi/7', 'dat-kham-moi'],
    ['/admin/doctor', 'doctor'],
    ['/admin/phong-kham', 'phong-kham'],
    ['/admin/man-hinh-goi-so', 'man-hinh-goi-so'],
  ])('%s highlights %s', (path, key) => {
    expect(sidebarLeaf(MENU, path)?.key).toBe(key);
  });
});

describe('breadcrumbTrail', () => {
  const keys = (path: string) => breadcrumbTrail(MENU, path)?.leaves.map((l) => l.key);
  it.each([
    ['/admin/quan-ly-dat-kham', ['quan-ly-dat-kham']],
    ['/admin/quan-ly-dat-kham/12', ['quan-ly-dat-kham', 'chi-tiet-dat-kham']],
    ['/admin/quan-ly-dat-kham/12/', ['quan-ly-dat-kham', 'chi-tiet-dat-kham']],
    // the patient's new booking is the same screen, named the same: said once
    ['/admin/dat-kham-moi/7', ['dat-kham-moi']],
    // a hidden screen outside its list's path names its parent first
    ['/admin/cap-nhat-dat-kham/12', ['quan-ly-dat-kham', 'cap-nhat-dat-kham']],
    ['/admin/chi-tiet-y-ba/5', ['user', 'chi-tiet-y-ba']],
    ['/admin', ['home']],
  ])('%s → %j', (path, expected) => {
    expect(keys(path)).toEqual(expected);
  });
  it('knows no trail for an unknown path', () => {
    expect(breadcrumbTrail(MENU, '/admin/nothing')).toBeNull();
  });
});

import { useState } from 'react';
import { Button, Card, Flex, Segmented, Space, Spin, Tabs, Typography } from 'antd';
import { CopyOutlined, LeftOutlined, PlusOutlined, RightOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useScreenParams } from '../../core/router/use-screen-params';
import { hasAuthority } from '@portal/shared/authorities';
import { SCHEDULE_LIVE_TOPIC, type ScheduleRow } from '@portal/shared/contracts/schedules.contract';
import { formatDate } from '@portal/shared/rules/format';
import { addDays } from '@portal/shared/rules/schedule';
import { todayVn } from '@portal/shared/rules/time';
import { SelectBox } from '../../core/blocks/select-box';
import type { SelectOption } from '../../core/blocks/select-box.logic';
import { useLiveTopic } from '../../core/live/use-live';
import { useMe } from '../auth/use-session';
import { BuildDrawer } from './build-drawer';
import { rangeOf, type Fixed } from './calendar-range.logic';
import { MonthView, NoSchedules, WeekGrid } from './calendar-views';
import { CopyWeekModal } from './copy-week-modal';
import { DayOffModal } from './day-off-modal';
import type { ViewBy } from './schedule-card';
import { WeekRoster } from './week-roster';
import { rosterPage, rosterRows, type RosterBy } from './week-roster.logic';
import { ScheduleDrawer } from './schedule-drawer';
import { ScheduleLog } from './schedule-log';
import { scheduleKeys, schedulesApi, type ScheduleFilter } from './schedules.api';
import { TS } from './schedules.messages';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /admin/lich-lam-viec-bac-si: the schedule calendar (week or month) of a doctor, a room or a
 * department; build, copy a week, take a doctor off, open a period for its slots; the log.
 * View, grouping, chosen id and date live in the URL.
 */
export function SchedulePage() {
  const me = useMe();
  const canWrite = hasAuthority(me.data?.user.authorities ?? [], 'MANAGER_SCHEDULE');
  const qc = useQueryClient();
  const [params, setParams] = useScreenParams();
  // today in Vietnam (+07:00), whatever time zone the browser is set to
  const today = todayVn();
  const view = params.get('view') === 'month' ? 'month' : 'week';
  const by: ViewBy = params.get('by') === 'room' ? 'room' : params.get('by') === 'department' ? 'department' : 'doctor';
  const chosen = /^\d{1,9}$/.test(params.get('id') ?? '') ? Number(params.get('id')) : undefined;
  const anchor = DATE.test(params.get('date') ?? '') ? params.get('date')! : today;
  const set = (patch: Record<string, string | undefined>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v === undefined) next.delete(k);
          else next.set(k, v);
        }
        return next;
      },
      { replace: true },
    );

  const fixed: Fixed = chosen !== undefined && by !== 'department' ? by : undefined;
  const filter: ScheduleFilter =
    chosen === undefined ? {} : by === 'doctor' ? { doctorId: chosen } : by === 'room' ? { roomId: chosen } : { departmentId: chosen };
  const { from, to, monday } = rangeOf(view, anchor);
  // A week of one doctor or one room: seven columns of its cards; of many: the roster, a row each.
  const roster: RosterBy | undefined = view === 'week' && fixed === undefined ? (by === 'room' ? 'room' : 'doctor') : undefined;
  const list = useQuery({ queryKey: scheduleKeys.range(from, to, filter), queryFn: () => schedulesApi.list(from, to, filter) });
  const refresh = () => void qc.invalidateQueries({ queryKey: scheduleKeys.all });
  // Another scheduler's change shows at once; after a dropped connection the calendar catches up.
  useLiveTopic(SCHEDULE_LIVE_TOPIC, refresh, refresh);

  const [building, setBuilding] = useState(false);
  const [copying, setCopying] = useState(false);
  const [dayOff, setDayOff] = useState(false);
  const [opened, setOpened] = useState<ScheduleRow | null>(null);

  const step = (n: number) => set({ date: view === 'week' ? addDays(monday, 7 * n) : dayjs(anchor).add(n, 'month').format('YYYY-MM-DD'), page: undefined });
  const title = view === 'week' ? TS.weekOf(formatDate(from), formatDate(to)) : TS.monthOf(dayjs(anchor).format('MM/YYYY'));
  const loader = by === 'doctor' ? schedulesApi.doctorLoader() : schedulesApi.optionLoader(by === 'room' ? 'rooms' : 'departments');
  const rows = list.data ?? [];
  // The chosen doctor, room or department with its name (picked here, or read from the URL): the
  // filter and the dialogs it pre-fills show the name, not the bare id.
  const [picked, setPicked] = useState<SelectOption | null>(null);
  const named = rows[0] && chosen !== undefined ? rows[0][by] : undefined;
  const chosenOption: SelectOption | undefined =
    chosen === undefined ? undefined : picked?.value === chosen ? picked : named?.id === chosen ? { value: chosen, label: named.name } : undefined;
  const openedNow = opened ? (rows.find((r) => r.id === opened.id) ?? opened) : null;

  const calendar = (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center" justify="space-between">
        <Space wrap>
          <Segmented
            aria-label={TS.viewBy}
            value={by}
            onChange={(v) => set({ by: v as string, id: undefined, page: undefined })}
            options={[
              { value: 'doctor', label: TS.byDoctor },
              { value: 'room', label: TS.byRoom },
              { value: 'department', label: TS.byDepartment },
            ]}
          />
          <SelectBox
            key={by}
            loader={loader}
            allowClear
            style={{ width: 280 }}
            aria-label={by === 'doctor' ? TS.byDoctor : by === 'room' ? TS.byRoom : TS.byDepartment}
            placeholder={TS.all}
            value={chosen}
            seed={chosenOption ? [chosenOption] : undefined}
            onChange={(v, option) => {
              const o = Array.isArray(option) ? undefined : option;
              setPicked(v === undefined || v === null || !o ? null : { value: v as number, label: String(o.label) });
              set({ id: v === undefined || v === null ? undefined : String(v), page: undefined });
            }}
            data-testid="schedule-filter"
          />
        </Space>
        <Space wrap>
          <Segmented
            value={view}
            onChange={(v) => set({ view: v as string })}
            options={[
              { value: 'week', label: TS.week },
              { value: 'month', label: TS.month },
            ]}
            aria-label={`${TS.week} / ${TS.month}`}
          />
          <Button icon={<LeftOutlined />} onClick={() => step(-1)} aria-label={TS.previous} />
          <Button onClick={() => set({ date: undefined, page: undefined })}>{TS.today}</Button>
          <Button icon={<RightOutlined />} onClick={() => step(1)} aria-label={TS.next} />
        </Space>
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }} data-testid="range-title">
        {title}
      </Typography.Title>
      {roster ? (
        // every doctor (or room, or a department's doctors): a row each, ten a page
        <WeekRoster
          monday={monday}
          rows={rows}
          by={roster}
          today={today}
          page={rosterPage(params.get('page'), rosterRows(rows, roster).length)}
          onPage={(p) => set({ page: p > 1 ? String(p) : undefined })}
          loading={list.isFetching}
          onOpen={setOpened}
        />
      ) : (
        <Spin spinning={list.isFetching}>
          {view === 'week' ? (
            <WeekGrid monday={monday} rows={rows} fixed={fixed} today={today} onOpen={setOpened} />
          ) : (
            <MonthView month={anchor} rows={rows} fixed={fixed} today={today} onOpen={setOpened} />
          )}
          {!list.isLoading && rows.length === 0 && <NoSchedules />}
        </Spin>
      )}
    </Flex>
  );

  return (
    <Card
      title={TS.title}
      extra={
        canWrite && (
          <Space wrap>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setBuilding(true)}>
              {TS.build}
            </Button>
            <Button icon={<CopyOutlined />} onClick={() => setCopying(true)}>
              {TS.copyWeek}
            </Button>
            <Button danger icon={<StopOutlined />} onClick={() => setDayOff(true)}>
              {TS.dayOff}
            </Button>
          </Space>
        )
      }
    >
      <Tabs
        items={[
          { key: 'calendar', label: TS.calendarTab, children: calendar },
          ...(canWrite ? [{ key: 'log', label: TS.logTab, children: <ScheduleLog doctorId={by === 'doctor' ? chosen : undefined} /> }] : []),
        ]}
      />
      <BuildDrawer
        open={building}
        onClose={() => setBuilding(false)}
        onDone={refresh}
        initial={{
          from: formatDate(monday < today ? today : monday),
          to: formatDate(addDays(monday, 4) < today ? today : addDays(monday, 4)),
          doctor: by === 'doctor' ? chosenOption : undefined,
        }}
      />
      <CopyWeekModal open={copying} monday={monday} filter={filter} onClose={() => setCopying(false)} onDone={refresh} />
      <DayOffModal
        open={dayOff}
        doctor={by === 'doctor' ? chosenOption : undefined}
        day={anchor < today ? today : anchor}
        onClose={() => setDayOff(false)}
        onDone={refresh}
      />
      <ScheduleDrawer schedule={openedNow} onClose={() => setOpened(null)} onChanged={refresh} canWrite={canWrite} />
    </Card>
  );
}

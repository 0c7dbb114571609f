import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import { SCHEDULE_LIVE_TOPIC, SCHEDULE_MESSAGES as M, scheduleEndpoints as E } from '@portal/shared/contracts/schedules.contract';
import { SHIFTS } from '@portal/shared/rules/schedule';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { defineLiveTopic } from '../../core/live';
import { facilitySettings } from '../settings/settings.accessor';
import { scheduleFixtureRoutes } from './schedules-fixtures.routes';
import { schedulesService } from './schedules.service';

defineLiveTopic(SCHEDULE_LIVE_TOPIC, 'MANAGER_SCHEDULE');

const tags = ['Lịch làm việc bác sĩ'];
const write = { access: 'MANAGER_SCHEDULE' as const };
// Reading the calendar: the schedulers, and the front desk that books into it.
const read = { access: ['MANAGER_SCHEDULE', 'MANAGER_APPOINTMENT'] as const };

/** Doctors' work schedules (/admin/lich-lam-viec-bac-si); docs/schedules.md. */
export async function scheduleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const svc = schedulesService(ctx);

  route(app, E.list, { config: read, tags, handler: async (req) => ({ code: 0 as const, data: await svc.list(caller(req), req.query) }) });

  route(app, E.create, {
    config: write,
    tags,
    handler: async (req) => {
      const data = await svc.create(caller(req), req.body);
      return { code: 0 as const, message: M.created(data.created), data };
    },
  });

  route(app, E.copyWeek, {
    config: write,
    tags,
    handler: async (req) => {
      const data = await svc.copyWeek(caller(req), req.body);
      return { code: 0 as const, message: M.copied(data.created), data };
    },
  });

  route(app, E.dayOff, {
    config: write,
    tags,
    handler: async (req) => {
      const data = await svc.dayOff(caller(req), req.body);
      return { code: 0 as const, message: M.dayOff(data.removed), data };
    },
  });

  route(app, E.logs, {
    config: write,
    tags,
    handler: async (req) => {
      const { rows, total } = await svc.logs(caller(req), req.query);
      return pageOf(rows, total, req.query);
    },
  });

  route(app, E.slots, { config: read, tags, handler: async (req) => ({ code: 0 as const, data: await svc.slots(caller(req), req.params.id) }) });

  route(app, E.update, {
    config: write,
    tags,
    handler: async (req) => ({ code: 0 as const, message: M.updated, data: await svc.update(caller(req), req.params.id, req.body) }),
  });

  route(app, E.updateSlot, {
    config: write,
    tags,
    handler: async (req) => ({
      code: 0 as const,
      message: M.slotUpdated,
      data: await svc.updateSlot(caller(req), req.params.id, req.params.slotId, req.body.capacity),
    }),
  });

  route(app, E.remove, {
    config: write,
    tags,
    handler: async (req) => ({ code: 0 as const, message: M.deleted, data: await svc.remove(caller(req), req.params.id) }),
  });

  route(app, E.options, { config: read, tags, handler: async (req) => svc.options(caller(req), req.params.kind, req.query) });

  route(app, E.workTime, {
    config: { access: 'signed-in' },
    tags,
    handler: async (req) => ({
      code: 0 as const,
      data: Object.entries(SHIFTS).map(([key, s]) => ({ key, label: s.label, start: s.start, end: s.end })),
      weekdays: (await facilitySettings(ctx, caller(req).facilityId)).profile?.workingHours ?? null,
    }),
  });

  if (ctx.config.ENABLE_TEST_FIXTURES) await scheduleFixtureRoutes(app, ctx);
}

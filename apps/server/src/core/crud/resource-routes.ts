import type { FastifyInstance } from 'fastify';
import { pageOf } from '@portal/shared/core/api';
import { ALL_OPERATIONS, type Resource } from '@portal/shared/core/define-resource';
import { resourceEndpoints, type ResourceEndpoints } from '@portal/shared/core/resource-endpoints';
import { caller, type Access } from '../access';
import { route } from '../endpoints';
import type { ResourceHandler } from './resource-handler';

export interface ResourceRouteSettings {
  /** The resource's endpoints as its contract declares them (default: `resourceEndpoints(resource)`). */
  endpoints?: ResourceEndpoints;
  /** Who may read the dropdown (default: any signed-in staff — a booking desk picks a room). */
  optionsAccess?: Access;
  /** OpenAPI tags (default: the resource's plural label). */
  tags?: string[];
  /** The answer's message where the module words it its own way. */
  messages?: { create?: string; update?: string };
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/**
 * The generic routes of a resource, registered once for every resource: list, `/select` dropdown,
 * `/export`, `/:id`, create, update, `/:id/active`, delete — each the endpoint packages/shared declares
 * (`resourceEndpoints`), each calling the handler's method with the caller and the checked input.
 * The resource's `operations` and the handler's methods must be the same set (checked at start), so
 * a route exists exactly when the handler offers it. Every route needs the resource's authority,
 * except the dropdown (`optionsAccess`).
 */
export function resourceRoutes(app: FastifyInstance, resource: Resource, handler: ResourceHandler, settings: ResourceRouteSettings = {}): void {
  const e = settings.endpoints ?? resourceEndpoints(resource);
  for (const op of ALL_OPERATIONS) {
    const declared = e[op] !== undefined;
    const offered = typeof handler[op] === 'function';
    if (declared !== offered)
      throw new Error(`${resource.name}: the endpoint "${op}" is ${declared ? 'declared without a handler' : 'handled but not declared'}`);
  }
  const h = handler as Required<ResourceHandler<unknown, unknown>>;
  const tags = settings.tags ?? [resource.labelPlural];
  const config = { access: resource.authority };
  const label = lower(resource.label);

  if (e.list)
    route(app, e.list, {
      config,
      tags,
      handler: async (req) => {
        const { rows, total } = await h.list(caller(req), req.query);
        return pageOf(rows as never[], total, req.query);
      },
    });
  if (e.options)
    route(app, e.options, {
      config: { access: settings.optionsAccess ?? 'signed-in' },
      tags,
      handler: async (req) => {
        const { rows, total } = await h.options(caller(req), req.query);
        return pageOf(rows, total, req.query);
      },
    });
  if (e.export) route(app, e.export, { config, tags, handler: async (req) => h.export(caller(req), req.query) });
  if (e.get) route(app, e.get, { config, tags, handler: async (req) => ({ code: 0 as const, data: (await h.get(caller(req), req.params.id)) as never }) });
  if (e.create)
    route(app, e.create, {
      config,
      tags,
      handler: async (req) => ({
        code: 0 as const,
        message: settings.messages?.create ?? `Đã thêm ${label}`,
        data: (await h.create(caller(req), req.body)) as never,
      }),
    });
  if (e.update)
    route(app, e.update, {
      config,
      tags,
      handler: async (req) => ({
        code: 0 as const,
        message: settings.messages?.update ?? 'Đã lưu thay đổi',
        data: (await h.update(caller(req), req.params.id, req.body)) as never,
      }),
    });
  if (e.setActive)
    route(app, e.setActive, {
      config,
      tags,
      handler: async (req) => ({
        code: 0 as const,
        message: req.body.active ? 'Đã cho hoạt động lại' : 'Đã ngừng hoạt động',
        data: (await h.setActive(caller(req), req.params.id, req.body.active)) as never,
      }),
    });
  if (e.remove)
    route(app, e.remove, {
      config,
      tags,
      handler: async (req) => ({ code: 0 as const, message: `Đã xoá ${label}`, data: (await h.remove(caller(req), req.params.id)) as never }),
    });
}

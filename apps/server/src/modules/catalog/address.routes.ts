import type { FastifyInstance } from 'fastify';
import { addressEndpoints } from '@portal/shared/contracts/address.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import * as service from './address.service';

const tags = ['Đơn vị hành chính'];
/** Whoever edits a patient's address (front desk, bookings) or keeps the catalogue. */
const validateAccess = { access: ['MANAGER_USER', 'MANAGER_APPOINTMENT', 'MANAGER_CATALOG'] as const };
/** The lists feed dropdowns and filters of many screens: any signed-in staff. */
const listAccess = { access: 'signed-in' as const };

/** Countries, zones, provinces, districts and the address validation (spec §7 "Catalogue"). */
export function addressRoutes(app: FastifyInstance, ctx: AppContext): void {
  const e = addressEndpoints;
  route(app, e.validate, {
    config: validateAccess,
    tags,
    handler: async (req) => {
      const data = await service.validate(ctx, caller(req), req.body);
      return { code: 0 as const, message: data.message, data };
    },
  });
  route(app, e.countries, { config: listAccess, tags, handler: async (req) => ({ code: 0 as const, data: await service.listCountries(ctx, req.query) }) });
  route(app, e.zones, { config: listAccess, tags, handler: async (req) => ({ code: 0 as const, data: await service.listZones(ctx, req.query) }) });
  route(app, e.provinces, { config: listAccess, tags, handler: async (req) => ({ code: 0 as const, data: await service.listProvinces(ctx, req.query) }) });
  route(app, e.districts, { config: listAccess, tags, handler: async (req) => ({ code: 0 as const, data: await service.listDistricts(ctx, req.query) }) });
}

import type { FastifyInstance } from 'fastify';
import { addressEndpoints, areaSyncEndpoints, SYNC_MAX_BYTES, SYNC_MESSAGES } from '@portal/shared/contracts/address.contract';
import { caller } from '../../core/access';
import type { AppContext } from '../../core/context';
import { route } from '../../core/endpoints';
import { AppError } from '../../core/errors';
import * as service from './address.service';
import { applySync, previewSync } from './area-sync.service';

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

  // Sync: the catalogue's keepers upload the official list (Excel or JSON), see the differences, apply.
  const syncAccess = { access: 'MANAGER_CATALOG' as const };
  const early = async (req: { headers: Record<string, unknown> }) => {
    if (Number(req.headers['content-length'] ?? 0) > SYNC_MAX_BYTES) throw new AppError(413, SYNC_MESSAGES.tooLarge);
  };
  route(app, areaSyncEndpoints.preview, {
    config: syncAccess,
    tags,
    bodyLimit: SYNC_MAX_BYTES,
    onRequest: early,
    handler: async (req) => ({ code: 0 as const, data: await previewSync(ctx, caller(req), req.body) }),
  });
  route(app, areaSyncEndpoints.apply, {
    config: syncAccess,
    tags,
    bodyLimit: SYNC_MAX_BYTES,
    onRequest: early,
    handler: async (req) => {
      const { counts, n } = await applySync(ctx, caller(req), req.query, req.body);
      return { code: 0 as const, message: SYNC_MESSAGES.applied(n), data: counts };
    },
  });
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogPublicEndpoints, type ServiceLookupResponse } from '@portal/shared/contracts/catalog.contract';
import { PRICE_PAGE_DEFAULTS } from '@portal/shared/contracts/settings.contract';
import type { AppContext } from '../../core/context';
import { facilitySettings } from '../settings/settings.accessor';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { tableHandler } from '../../core/crud/table-handler';
import { route } from '../../core/endpoints';
import { addressRoutes } from './address.routes';
import { CATALOG_RESOURCES } from './catalog-resources';
import { findServiceTypes } from './services.repository';
import { lookupServices, priceListCache, publicFacility } from './services.service';
import { serviceAdminRoutes } from './services.admin';
import { acronymAdminRoutes } from './acronyms.admin';

const tags = ['Bảng giá dịch vụ (công khai)'];

/** The public price list changes rarely: a proxy or the browser may reuse an answer for a minute. */
function publicCache(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
}

export async function catalogPublicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cache = priceListCache(ctx);
  const e = catalogPublicEndpoints;
  const config = { access: 'public' as const };

  route(app, e.lookup, {
    config,
    tags,
    handler: async (req, reply) => {
      const json = await lookupServices(ctx, cache, req.query);
      publicCache(reply);
      // a string payload is sent as it is (already the JSON of a ServiceLookupResponse)
      return reply.type('application/json; charset=utf-8').send(json as unknown as ServiceLookupResponse) as never;
    },
  });

  route(app, e.serviceTypes, {
    config,
    tags,
    handler: async (req, reply) => {
      const facility = await publicFacility(ctx.database, req.query.hospitalId);
      publicCache(reply);
      return { code: 0 as const, data: await findServiceTypes(ctx.database, facility.id) };
    },
  });

  // The header and footer come from the facility's settings (issue 18): read through the settings accessor, so a
  // change at /admin/settings shows on the page's next load on every instance; browsers must ask again each time.
  route(app, e.hospital, {
    config,
    tags,
    handler: async (req, reply) => {
      const { id } = await publicFacility(ctx.database, req.query.hospitalId);
      const s = await facilitySettings(ctx, id);
      const f = s.profile!;
      reply.header('Cache-Control', 'no-cache');
      return {
        code: 0 as const,
        data: {
          id: f.id,
          name: f.name,
          shortName: f.shortName,
          avatar: f.avatar,
          address: f.address,
          hotline: s.HOTLINE,
          emergencyPhone: f.emergencyPhone,
          website: f.website,
          slogan: f.publicProfile.slogan ?? null,
          experts: f.publicProfile.experts ?? [],
          priceTitle: f.publicProfile.priceTitle ?? PRICE_PAGE_DEFAULTS.priceTitle,
          priceSubtitle: f.publicProfile.priceSubtitle ?? PRICE_PAGE_DEFAULTS.priceSubtitle,
          priceFooterNote: f.publicProfile.priceFooterNote ?? PRICE_PAGE_DEFAULTS.priceFooterNote,
        },
      };
    },
  });
}

/** The staff-facing catalogues: the generic routes over each one's table (core/crud/table-handler.ts). */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const { resource, table } of CATALOG_RESOURCES) resourceRoutes(app, resource, tableHandler(ctx, resource, table, { registry: CATALOG_RESOURCES }));
  serviceAdminRoutes(app, ctx);
  acronymAdminRoutes(app, ctx);
  addressRoutes(app, ctx);
}

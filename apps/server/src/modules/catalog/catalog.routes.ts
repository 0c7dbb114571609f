import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  publicHospitalResponse,
  serviceLookupQuery,
  serviceLookupResponse,
  type ServiceLookupResponse,
  serviceTypesQuery,
  serviceTypesResponse,
} from '@portal/shared/contracts/catalog.contract';
import type { AppContext } from '../../core/context';
import { errorResponses } from '../../core/openapi';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { CATALOG_RESOURCES } from './catalog-resources';
import { findServiceTypes } from './services.repository';
import { lookupServices, priceListCache, publicFacility } from './services.service';
import { serviceAdminRoutes } from './services.admin';

const tags = ['Bảng giá dịch vụ (công khai)'];

/** The public price list changes rarely: a proxy or the browser may reuse an answer for a minute. */
function publicCache(reply: FastifyReply) {
  reply.header('Cache-Control', 'public, max-age=60, stale-while-revalidate=300');
}

export async function catalogPublicRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cache = priceListCache(ctx);

  r.get('/api/catalog/v1/emr/medical-services/lookup', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Tra cứu bảng giá dịch vụ: theo mã, tên (không dấu), loại; trang bắt đầu từ 0',
      querystring: serviceLookupQuery,
      response: { 200: serviceLookupResponse, ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      const json = await lookupServices(ctx.database, cache, req.query);
      publicCache(reply);
      // a string payload is sent as it is (already the JSON of a ServiceLookupResponse)
      return reply.type('application/json; charset=utf-8').send(json as unknown as ServiceLookupResponse);
    },
  });

  r.get('/api/catalog/v1/emr/medical-service-types', {
    config: { access: 'public' },
    schema: { tags, summary: 'Danh sách loại dịch vụ', querystring: serviceTypesQuery, response: { 200: serviceTypesResponse, ...errorResponses(400, 404) } },
    handler: async (req, reply) => {
      const facility = await publicFacility(ctx.database, req.query.hospitalId);
      publicCache(reply);
      return { code: 0 as const, data: await findServiceTypes(ctx.database, facility.id) };
    },
  });

  r.get('/api/catalog/v1/public/hospital', {
    config: { access: 'public' },
    schema: {
      tags,
      summary: 'Thông tin công khai của cơ sở y tế (đầu trang, chân trang)',
      querystring: serviceTypesQuery,
      response: { 200: publicHospitalResponse, ...errorResponses(400, 404) },
    },
    handler: async (req, reply) => {
      const f = await publicFacility(ctx.database, req.query.hospitalId);
      publicCache(reply);
      return {
        code: 0 as const,
        data: {
          id: f.id,
          name: f.name,
          shortName: f.short_name,
          avatar: f.avatar,
          address: f.address,
          hotline: f.hotline,
          emergencyPhone: f.emergency_phone,
          website: f.website,
          slogan: f.public_profile.slogan ?? null,
          experts: f.public_profile.experts ?? [],
        },
      };
    },
  });
}

/** The staff-facing catalogues, served by the generic resource routes. */
export async function catalogRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const { resource, table } of CATALOG_RESOURCES) resourceRoutes(app, ctx, resource, table, { registry: CATALOG_RESOURCES });
  serviceAdminRoutes(app, ctx);
}

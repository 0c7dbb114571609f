import { highQualityPrice } from '@portal/shared/rules/high-quality-price';
import { pageOf } from '@portal/shared/core/api';
import { ALL_TYPE_VALUE } from '@portal/shared';
import type { ServiceLookupResponse, ServiceLookupRow } from '@portal/shared/contracts/catalog.contract';
import type { AppContext } from '../../core/context';
import type { AcronymMap } from '@portal/shared/rules/acronyms';
import { facilityAcronyms } from '../../core/acronyms';
import type { Database } from '../../core/db';
import { searchAlternatives } from '../../core/search';
import { TtlCache } from '../../core/ttl-cache';
import { notFound } from '../../core/errors';
import * as repo from './services.repository';

export interface LookupInput {
  page: number;
  size: number;
  syncValue?: string;
  name?: string;
  type?: number;
  hospitalId?: number;
}

/** The facility a public request is about: the one named, else the platform's first facility. */
export async function publicFacility(database: Database, hospitalId: number | undefined) {
  const facility = await repo.findFacilityForPublic(database, hospitalId);
  if (!facility) throw notFound('Không tìm thấy cơ sở y tế');
  return facility;
}

/**
 * The price list is public and the same for every visitor: the serialized answer of a query is
 * reused briefly (PRICE_LIST_CACHE_SECONDS), like the proxy cache its Cache-Control header allows.
 */
export function createLookupCache(seconds: number) {
  return new TtlCache<string>(seconds * 1000, 2000);
}

const caches = new WeakMap<AppContext, TtlCache<string>>();
/**
 * The one price-list cache of an app: the public routes fill it, the admin writes of services
 * (create, edit, (de)activate, import) clear it, so the public list shows a change at once on
 * this instance (other instances and HTTP caches within their max-age).
 */
export function priceListCache(ctx: AppContext): TtlCache<string> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = createLookupCache(ctx.config.PRICE_LIST_CACHE_SECONDS);
    caches.set(ctx, cache);
  }
  return cache;
}

/**
 * The answer as a JSON string. Built from typed rows, so its shape is the contract's
 * (`ServiceLookupResponse`, checked by the API tests); serialising it by hand instead of through
 * the route's response schema keeps the hot public route close to a bare query (docs/performance.md).
 * A searched word also finds its expansion among the facility's acronyms ("sa bung" → Siêu âm ổ bụng).
 */
export async function lookupServices(ctx: AppContext, cache: TtlCache<string>, q: LookupInput): Promise<string> {
  const database = ctx.database;
  const facility = await publicFacility(database, q.hospitalId);
  const acronyms: AcronymMap | undefined = q.name?.trim() ? await facilityAcronyms(ctx, facility.id) : undefined;
  const words = searchAlternatives(q.name, acronyms);
  const code = (q.syncValue ?? '').trim().toLowerCase();
  const filter: repo.ServiceListFilter = {
    facilityId: facility.id,
    code: code || undefined,
    words,
    type: q.type === undefined || q.type === ALL_TYPE_VALUE ? undefined : q.type,
    limit: q.size,
    offset: q.page * q.size,
  };
  const key = JSON.stringify(filter);
  const cached = cache.get(key);
  if (cached) return cached;
  const { rows, total } = await repo.findServicesPage(database, filter);
  const data: ServiceLookupRow[] = rows.map((r) => ({
    id: r.id,
    ma: r.code,
    ten: r.name,
    donGiaDichVu: r.price,
    donGiaBaoHiem: r.insurance_price,
    donGiaChatLuongCao: highQualityPrice(r.price_entries),
    loaiDichVu: r.type_value,
    dsGiaDichVu: r.price_entries,
  }));
  const body: ServiceLookupResponse = pageOf(data, total, q);
  const json = JSON.stringify(body);
  cache.set(key, json);
  return json;
}

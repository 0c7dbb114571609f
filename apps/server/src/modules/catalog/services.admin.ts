import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import type { Caller } from '../../core/caller';
import type { FieldError } from '@portal/shared/core/api';
import { HIGH_QUALITY_DEPARTMENT_ID } from '@portal/shared/constants';
import { serviceEndpoints } from '@portal/shared/contracts/catalog.contract';
import { serviceResource } from '@portal/shared/resources';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { highQualityPrice, servicePrice } from '@portal/shared/rules/high-quality-price';
import type { AppContext } from '../../core/context';
import { resourceImportRoutes } from '../../core/crud/import';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { tableHandler, type CatalogTable, type TableHandlerOptions } from '../../core/crud/table-handler';
import type { Executor } from '../../core/db';
import { departments, medicalServices, type PriceEntryRow } from '../../db/schema';
import { priceListCache } from './services.service';

type Row = Record<string, unknown>;

/**
 * A price entry's department: the high-quality clinic (1000102, spec §3), a department of the
 * caller's facility, or an id the service already carried (price lists synced from the HIS keep
 * the HIS's department ids; an unchanged entry stays valid).
 */
async function validatePriceEntries(ex: Executor, caller: Caller, body: Row, before: Row | null): Promise<FieldError[]> {
  const entries = (body.priceEntries ?? []) as PriceEntryRow[];
  const known = new Set<number>([HIGH_QUALITY_DEPARTMENT_ID, ...((before?.priceEntries ?? []) as PriceEntryRow[]).map((e) => e.khoaChiDinhId ?? 0)]);
  const toCheck = [...new Set(entries.map((e) => e.khoaChiDinhId).filter((id): id is number => id !== null && !known.has(id)))];
  if (toCheck.length > 0) {
    const found = await ex
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.facilityId, caller.facilityId), inArray(departments.id, toCheck)));
    for (const d of found) known.add(d.id);
  }
  return entries.flatMap((e, i) =>
    e.khoaChiDinhId !== null && !known.has(e.khoaChiDinhId)
      ? [{ field: `priceEntries.${i}.khoaChiDinhId`, message: `Dòng giá ${i + 1}: khoa chỉ định không tồn tại` }]
      : [],
  );
}

/** What the services add to the generic routes: their two search columns, the computed price, the dropdown's price, the cache. */
export function serviceRouteOptions(ctx: AppContext): TableHandlerOptions {
  const cache = priceListCache(ctx);
  return {
    // The public lookup searches names in search_text and codes in code_search: keep both as it does.
    derive: (body) => ({ searchText: normalizeText(String(body.name ?? '')), codeSearch: String(body.code ?? '').toLowerCase() }),
    searchColumns: [medicalServices.codeSearch, medicalServices.searchText],
    expandAcronyms: true,
    present: (row) => {
      const { searchText: _s, codeSearch: _c, ...rest } = row;
      return { ...rest, highQualityPrice: highQualityPrice(row.priceEntries as PriceEntryRow[]) };
    },
    validate: validatePriceEntries,
    afterWrite: () => cache.clear(),
    // The booking form quotes each service at the price a booking will charge (create.operation's rule);
    // the option entry with its price is declared in catalog.contract.ts (serviceEndpoints).
    selectExtra: {
      columns: { price: medicalServices.price, priceEntries: medicalServices.priceEntries },
      present: (row) => ({ price: servicePrice(row.price as number, row.priceEntries as PriceEntryRow[]) }),
    },
  };
}

/**
 * /api/catalog/v1/medical-services: the generic list/read/create/update/active/export routes
 * and the Excel import. Import decision: rows are matched on the code (upsert); price entries
 * are not in the file (an updated service keeps its entries, a new one starts with none).
 */
export function serviceAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const table = medicalServices as unknown as CatalogTable;
  const options = serviceRouteOptions(ctx);
  resourceRoutes(app, serviceResource, tableHandler(ctx, serviceResource, table, options), { endpoints: serviceEndpoints });
  resourceImportRoutes(app, ctx, serviceResource, table, { ...options, mode: 'upsert' });
}

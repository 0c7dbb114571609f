import { and, eq, ne } from 'drizzle-orm';
import type { FieldError } from '@portal/shared/core/api';
import { acronymEndpoints } from '@portal/shared/contracts/catalog.contract';
import { acronymResource } from '@portal/shared/resources';
import type { FastifyInstance } from 'fastify';
import { fmt, MSG } from '@portal/shared/messages.vi';
import { acronymKey, acronymLoop, acronymMap } from '@portal/shared/rules/acronyms';
import { normalizeText } from '@portal/shared/rules/diacritics';
import { acronymCache } from '../../core/acronyms';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import { resourceRoutes } from '../../core/crud/resource-routes';
import { tableHandler, type CatalogTable, type TableHandlerOptions } from '../../core/crud/table-handler';
import type { Executor } from '../../core/db';
import { acronyms, medicalServices } from '../../db/schema';
import { priceListCache } from './services.service';

type Row = Record<string, unknown>;

/**
 * The rules of an acronym the database cannot hold alone (issue 15, "Bad input"), each a 400 in
 * Vietnamese and nothing written: its key is new to the facility whatever the case and diacritics;
 * it is not a service code of the facility (searching that code would find the expansion instead);
 * its expansion does not lead back to it through the other acronyms (A → B, B → A).
 */
export async function validateAcronym(ex: Executor, caller: Caller, body: Row, before: Row | null): Promise<FieldError[]> {
  const typed = String(body.code ?? '').trim();
  const key = acronymKey(typed);
  const others = await ex
    .select({ id: acronyms.id, code: acronyms.code, name: acronyms.name, keySearch: acronyms.keySearch })
    .from(acronyms)
    .where(and(eq(acronyms.facilityId, caller.facilityId), before ? ne(acronyms.id, before.id as number) : undefined));
  const same = others.find((o) => o.keySearch === key);
  if (same) return [{ field: 'code', message: fmt(MSG.acronymDuplicate, { key: typed, existing: same.code, expansion: same.name }) }];

  const [service] = await ex
    .select({ code: medicalServices.code, name: medicalServices.name })
    .from(medicalServices)
    .where(and(eq(medicalServices.facilityId, caller.facilityId), eq(medicalServices.codeSearch, key)))
    .limit(1);
  if (service) return [{ field: 'code', message: fmt(MSG.acronymShadowsService, { key: typed, code: service.code, name: service.name }) }];

  const loop = acronymLoop(typed, String(body.name ?? ''), acronymMap(others.map((o) => [o.code, o.name] as const)));
  if (loop) {
    const shown = new Map(others.map((o) => [o.keySearch, o.code]));
    shown.set(key, typed);
    return [{ field: 'name', message: fmt(MSG.acronymLoop, { key: typed, path: loop.map((k) => shown.get(k) ?? k).join(' → ') }) }];
  }
  return [];
}

/** What the acronyms add to the generic catalogue routes: the normalised key, the rules, the caches dropped on write. */
export function acronymRouteOptions(ctx: AppContext): TableHandlerOptions {
  return {
    derive: (body) => ({
      keySearch: acronymKey(String(body.code ?? '')),
      searchText: normalizeText(`${String(body.code ?? '')} ${String(body.name ?? '')}`),
    }),
    validate: validateAcronym,
    // every search reads the acronyms through the cache; the public price list caches its answers
    afterWrite: () => {
      acronymCache(ctx).clear();
      priceListCache(ctx).clear();
    },
  };
}

/** /api/catalog/v1/acronyms: the generic catalogue routes with the acronym rules. */
export function acronymAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const table = acronyms as unknown as CatalogTable;
  resourceRoutes(app, acronymResource, tableHandler(ctx, acronymResource, table, acronymRouteOptions(ctx)), { endpoints: acronymEndpoints });
}

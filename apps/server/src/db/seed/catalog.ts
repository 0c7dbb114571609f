import { normalizeText } from '@portal/shared/rules/diacritics';
import type { Database, Executor } from '../../core/db';
import { medicalServices, serviceTypes } from '../schema';
import { SERVICE_TYPES, type ServiceSeed } from './services-data';

const BATCH = 1000;

export async function seedServiceTypes(ex: Executor, facilityId: number): Promise<void> {
  await ex
    .insert(serviceTypes)
    .values(SERVICE_TYPES.map((t, i) => ({ facilityId, value: t.value, name: t.name, sortOrder: i })))
    .onConflictDoNothing();
}

/** Inserts services in batches; codes already present are left as they are. Returns how many were new. */
export async function seedServices(ex: Executor, facilityId: number, services: ServiceSeed[]): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < services.length; i += BATCH) {
    const rows = services.slice(i, i + BATCH).map((s) => ({
      facilityId,
      code: s.code,
      name: s.name,
      price: s.price,
      insurancePrice: s.insurancePrice,
      typeValue: s.type,
      priceEntries: s.priceEntries,
      searchText: normalizeText(s.name),
      codeSearch: s.code.toLowerCase(),
    }));
    const r = await ex.insert(medicalServices).values(rows).onConflictDoNothing().returning({ id: medicalServices.id });
    inserted += r.length;
  }
  return inserted;
}

/**
 * After a bulk load the planner needs fresh statistics, or it ignores the trigram index
 * (PGlite has no autovacuum). Runs outside any transaction.
 */
export async function analyzeCatalog(database: Database): Promise<void> {
  await database.query('', 'VACUUM ANALYZE medical_services', []);
  await database.query('', 'VACUUM ANALYZE service_types', []);
}

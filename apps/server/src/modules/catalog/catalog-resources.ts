import { areaResource, departmentResource, jobResource, nationResource, roomResource, specialtyResource } from '@portal/shared/resources';
import type { CatalogEntry, CatalogTable } from '../../core/crud/table-handler';
import { areas, departments, jobs, nations, rooms, specialties } from '../../db/schema';

/** Each catalogue resource with the table that stores it: the generic routes serve these. */
export const CATALOG_RESOURCES: CatalogEntry[] = [
  { resource: departmentResource, table: departments as unknown as CatalogTable },
  { resource: specialtyResource, table: specialties as unknown as CatalogTable },
  { resource: roomResource, table: rooms as unknown as CatalogTable },
  { resource: jobResource, table: jobs as unknown as CatalogTable },
  { resource: nationResource, table: nations as unknown as CatalogTable },
  { resource: areaResource, table: areas as unknown as CatalogTable },
];

import { departmentResource, specialtyResource } from '@portal/shared/resources';
import type { CatalogTable } from '../../core/crud/resource-routes';
import { departments, specialties } from '../../db/schema';

/** Each catalogue resource with the table that stores it: the generic routes serve these. */
export const CATALOG_RESOURCES = [
  { resource: departmentResource, table: departments as unknown as CatalogTable },
  { resource: specialtyResource, table: specialties as unknown as CatalogTable },
];

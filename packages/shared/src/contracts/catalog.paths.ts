/**
 * The paths of the public price page's calls, apart from catalog.contract.ts (which builds zod schemas): that
 * page is a first load kept free of zod (docs/performance.md), so the web names these paths from here and
 * types the answers from catalog.contract.ts with a type-only import, like auth.paths.ts.
 */
export const CATALOG_PUBLIC_PATHS = {
  lookup: '/api/catalog/v1/emr/medical-services/lookup',
  serviceTypes: '/api/catalog/v1/emr/medical-service-types',
  hospital: '/api/catalog/v1/public/hospital',
} as const;

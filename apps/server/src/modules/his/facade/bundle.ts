import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { SearchQuery } from './params';

export interface SearchPage {
  /** The façade's absolute base, from the request: `https://portal.example/fhir/R4`. */
  base: string;
  type: string;
  /** The request's parameters as received: the links repeat them, with their own `_count` and `_offset`. */
  query: SearchQuery;
  count: number;
  offset: number;
  total: number;
  resources: Resource[];
}

/** The URL of the same search at another offset. */
function pageUrl(p: SearchPage, offset: number): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(p.query)) {
    if (name === '_count' || name === '_offset' || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
  }
  params.set('_count', String(p.count));
  params.set('_offset', String(offset));
  return `${p.base}/${p.type}?${params.toString()}`;
}

/**
 * A `searchset` Bundle of one page: `total` is every match, `link` self, first, previous and next (absolute URLs
 * an HIS follows as they are), each entry's `fullUrl` and `search.mode = match`. Paging is by offset: the rows are
 * in a stable order (each search sorts on its index, the id last), so following `next` reaches every match once.
 */
export function searchset(p: SearchPage): Bundle {
  const link: BundleLink[] = [
    { relation: 'self', url: pageUrl(p, p.offset) },
    { relation: 'first', url: pageUrl(p, 0) },
  ];
  if (p.offset > 0) link.push({ relation: 'previous', url: pageUrl(p, Math.max(0, p.offset - p.count)) });
  if (p.count > 0 && p.offset + p.count < p.total) link.push({ relation: 'next', url: pageUrl(p, p.offset + p.count) });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: p.total,
    link,
    entry: p.resources.map((resource) => ({ fullUrl: `${p.base}/${resource.resourceType}/${resource.id}`, resource, search: { mode: 'match' } })),
  };
}

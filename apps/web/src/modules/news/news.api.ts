import { type NewsBody, type NewsListQuery, type NewsScope, newsEndpoints, shpNewsEndpoints } from '@portal/shared/contracts/news.contract';
import { call } from '../../core/api/endpoint-client';

type ListParams = Partial<Omit<NewsListQuery, 'page' | 'size'>> & { page: number; size: number };

export const newsKeys = {
  all: (scope: NewsScope) => ['news', scope] as const,
  list: (scope: NewsScope, q: ListParams) => ['news', scope, 'list', q] as const,
  alias: (scope: NewsScope, alias: string) => ['news', scope, 'alias', alias] as const,
  revisions: (scope: NewsScope, id: number) => ['news', scope, 'revisions', id] as const,
  categories: (scope: NewsScope) => ['news', scope, 'categories'] as const,
};

/** The news screens' calls (news.contract.ts) of one scope: MAIN (MANAGER_NEWS) or SHP (MANAGER_SHP). */
export function newsApi(scope: NewsScope) {
  const E = scope === 'MAIN' ? newsEndpoints : shpNewsEndpoints;
  return {
    list: (q: ListParams, signal?: AbortSignal) => call(E.list, { query: q as never }, { signal }),
    byAlias: async (alias: string) => (await call(E.byAlias, { params: { alias } })).data,
    create: async (body: NewsBody) => (await call(E.create, { body: body as never })).data,
    update: async (id: number, body: NewsBody) => (await call(E.update, { params: { id }, body: body as never })).data,
    remove: async (id: number) => (await call(E.remove, { params: { id } })).data,
    publish: async (id: number) => (await call(E.publish, { params: { id } })).data,
    hide: async (id: number) => (await call(E.hide, { params: { id } })).data,
    unhide: async (id: number) => (await call(E.unhide, { params: { id } })).data,
    revisions: async (id: number) => (await call(E.revisions, { params: { id } })).data,
    categories: async () => (await call(E.categories, {})).data,
    createCategory: async (name: string, position: number) => (await call(E.createCategory, { body: { name, position } })).data,
    updateCategory: async (id: number, name: string, position: number) => (await call(E.updateCategory, { params: { id }, body: { name, position } })).data,
    removeCategory: async (id: number) => (await call(E.removeCategory, { params: { id } })).data,
  };
}
export type NewsApi = ReturnType<typeof newsApi>;

import { z } from 'zod';
import { envelope, pageEnvelope } from './api';
import type { Resource, ResourceOperation } from './define-resource';
import { endpoint, type Endpoint } from './endpoint';
import { type FileEndpoint, fileBody, fileEndpoint, XLSX_MIME } from './endpoint-files';
import { importErrorBody, importResponse } from './import';

/** A generic row: the resource's fields, the names of its refs, `id`, `active` and the times. */
export const resourceRow = z.object({ id: z.number(), active: z.boolean() }).catchall(z.unknown());
/** `:id` of the generic routes (a path parameter is text; a caller may give a number). */
export const resourceIdParams = z.object({
  id: z.coerce
    .string()
    .regex(/^\d{1,9}$/, 'Mã không hợp lệ')
    .transform(Number),
});
export const activeBody = z.strictObject({ active: z.boolean({ message: 'Trạng thái phải là đúng hoặc sai' }) });
/** One entry of a paged dropdown (`/select`). */
export const optionItem = z.object({ id: z.number(), name: z.string() });

/** What a resource's endpoints may say more precisely than the generic ones (all optional). */
export interface ResourceEndpointOptions {
  /** The row of the answers (default `resourceRow`). */
  row?: z.ZodType;
  /** The row of the list pages and the export's filter (default: `row`). */
  listRow?: z.ZodType;
  /** The row the create answers with, when it carries more (a new account's one-time password). */
  created?: z.ZodType;
  /** The create / update body (default: the resource's form body). */
  body?: z.ZodType;
  /** The dropdown's query and entry (default: the resource's select query, id + name). */
  optionsQuery?: z.ZodType;
  optionItem?: z.ZodType;
  /** `:id` (default `resourceIdParams`). */
  idParams?: z.ZodType;
  /** OpenAPI summaries, in Vietnamese (default: built from the labels). */
  summaries?: Partial<Record<ResourceOperation, string>>;
  /** Documented error statuses (default: those the generic routes answer). */
  errors?: Partial<Record<ResourceOperation, readonly number[]>>;
}

type Or<T, D> = T extends z.ZodType ? T : D;
type Opt<O, K extends keyof ResourceEndpointOptions> = O extends { [k in K]: infer T } ? T : undefined;
type RowOf<O> = Or<Opt<O, 'row'>, typeof resourceRow>;
type Page<T extends z.ZodType> = ReturnType<typeof pageEnvelope<T>>;
type One<T extends z.ZodType> = ReturnType<typeof envelope<T>>;
type Id<O> = Or<Opt<O, 'idParams'>, typeof resourceIdParams>;

/**
 * The endpoints of a resource's generic routes, one per operation it offers (absent otherwise). The
 * server registers them (core/crud/resource-routes.ts) and the web calls them (core/crud/resource-api.ts).
 */
export interface ResourceEndpoints<R extends Resource = Resource, O = ResourceEndpointOptions> {
  list?: Endpoint<undefined, R['listQuery'], undefined, Page<Or<Opt<O, 'listRow'>, RowOf<O>>>>;
  options?: Endpoint<undefined, Or<Opt<O, 'optionsQuery'>, R['selectQuery']>, undefined, Page<Or<Opt<O, 'optionItem'>, typeof optionItem>>>;
  export?: FileEndpoint<undefined, R['listQuery']>;
  get?: Endpoint<Id<O>, undefined, undefined, One<RowOf<O>>>;
  create?: Endpoint<undefined, undefined, Or<Opt<O, 'body'>, R['body']>, One<Or<Opt<O, 'created'>, RowOf<O>>>>;
  update?: Endpoint<Id<O>, undefined, Or<Opt<O, 'body'>, R['body']>, One<RowOf<O>>>;
  setActive?: Endpoint<Id<O>, undefined, typeof activeBody, One<RowOf<O>>>;
  remove?: Endpoint<Id<O>, undefined, undefined, One<RowOf<O>>>;
}

const defaults = new WeakMap<Resource, ResourceEndpoints>();

/**
 * The endpoints of `resource`'s generic routes: paths from `resource.path`, one per operation in
 * `resource.operations`, summaries from its labels. Without options the same object is returned for
 * the same resource.
 */
export function resourceEndpoints<R extends Resource, const O extends ResourceEndpointOptions = Record<never, never>>(
  resource: R,
  options?: O,
): ResourceEndpoints<R, O> {
  if (!options) {
    const known = defaults.get(resource);
    if (known) return known as ResourceEndpoints<R, O>;
  }
  const o: ResourceEndpointOptions = options ?? {};
  const { path, label, labelPlural } = resource;
  const row = o.row ?? resourceRow;
  const one = envelope(row);
  const id = o.idParams ?? resourceIdParams;
  const body = o.body ?? resource.body;
  const summary = (op: ResourceOperation, fallback: string) => o.summaries?.[op] ?? fallback;
  const errors = (op: ResourceOperation, fallback: readonly number[]) => o.errors?.[op] ?? fallback;
  const all: Record<ResourceOperation, Endpoint | FileEndpoint> = {
    list: endpoint({
      method: 'GET',
      path,
      summary: summary('list', `${labelPlural}: danh sách`),
      query: resource.listQuery,
      response: pageEnvelope(o.listRow ?? row),
      errors: errors('list', [400, 401, 403]),
    }),
    options: endpoint({
      method: 'GET',
      path: `${path}/select`,
      summary: summary('options', `${labelPlural}: chọn (hộp chọn phân trang, chỉ bản ghi đang hoạt động)`),
      query: o.optionsQuery ?? resource.selectQuery,
      response: pageEnvelope(o.optionItem ?? optionItem),
      errors: errors('options', [400, 401]),
    }),
    export: fileEndpoint({
      method: 'GET',
      path: `${path}/export`,
      summary: summary('export', `${labelPlural}: xuất Excel (.xlsx) theo bộ lọc`),
      query: resource.listQuery,
      errors: errors('export', [400, 401, 403]),
      file: { type: XLSX_MIME, name: `${resource.exportName}.xlsx` },
    }),
    get: endpoint({
      method: 'GET',
      path: `${path}/:id`,
      summary: summary('get', `${label}: chi tiết`),
      params: id,
      response: one,
      errors: errors('get', [400, 401, 403, 404]),
    }),
    create: endpoint({
      method: 'POST',
      path,
      summary: summary('create', `${label}: thêm mới`),
      body,
      response: o.created ? envelope(o.created) : one,
      errors: errors('create', [400, 401, 403, 409]),
    }),
    update: endpoint({
      method: 'PUT',
      path: `${path}/:id`,
      summary: summary('update', `${label}: cập nhật`),
      params: id,
      body,
      response: one,
      errors: errors('update', [400, 401, 403, 404, 409]),
    }),
    setActive: endpoint({
      method: 'PUT',
      path: `${path}/:id/active`,
      summary: summary('setActive', `${label}: ngừng / cho hoạt động lại`),
      params: id,
      body: activeBody,
      response: one,
      errors: errors('setActive', [400, 401, 403, 404]),
    }),
    remove: endpoint({
      method: 'DELETE',
      path: `${path}/:id`,
      summary: summary('remove', `${label}: xoá (chỉ khi không còn được sử dụng)`),
      params: id,
      response: one,
      errors: errors('remove', [400, 401, 403, 404, 409]),
    }),
  };
  const out = Object.fromEntries(resource.operations.map((op) => [op, all[op]])) as ResourceEndpoints<R, O>;
  if (!options) defaults.set(resource, out as ResourceEndpoints);
  return out;
}

/** The Excel import of an importable resource (server core/crud/import.ts, web core/crud/import-api.ts). */
export interface ResourceImportEndpoints {
  /** GET {path}/import-template → the .xlsx to fill in. */
  template: FileEndpoint;
  /** POST {path}/import, the .xlsx as the body → the counts; 400 → the row report (`importErrorBody`), nothing written. */
  import: Endpoint<undefined, undefined, typeof fileBody, typeof importResponse>;
}

const imports = new WeakMap<Resource, ResourceImportEndpoints>();

/** The import endpoints of `resource` (one object per resource); a resource without `importable` has none. */
export function resourceImportEndpoints(resource: Resource): ResourceImportEndpoints {
  if (!resource.importable) throw new Error(`${resource.name}: not importable`);
  const known = imports.get(resource);
  if (known) return known;
  const out: ResourceImportEndpoints = {
    template: fileEndpoint({
      method: 'GET',
      path: `${resource.path}/import-template`,
      summary: `${resource.labelPlural}: tệp Excel mẫu để nhập`,
      errors: [401, 403],
      file: { type: XLSX_MIME, name: `${resource.exportName}-mau-nhap.xlsx` },
    }),
    import: endpoint({
      method: 'POST',
      path: `${resource.path}/import`,
      summary: `${resource.labelPlural}: nhập từ Excel (.xlsx trong thân yêu cầu); lỗi ở bất kỳ dòng nào → không nhập dòng nào`,
      body: fileBody,
      response: importResponse,
      errors: [400, 401, 403, 413, 415],
      errorBodies: { 400: importErrorBody },
    }),
  };
  imports.set(resource, out);
  return out;
}

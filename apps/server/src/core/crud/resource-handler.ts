import type { ListQuery } from '@portal/shared/core/list-query';
import type { Caller } from '../caller';

/** One page of rows and how many match in all; the route wraps it in the list envelope. */
export interface Paged<T> {
  rows: T[];
  total: number;
}

/**
 * What a resource does behind its generic routes (core/crud/resource-routes.ts), one method per
 * operation it offers: a resource without `remove` gets no DELETE route, and so on. Each takes the
 * `Caller` and the input already checked by the endpoint's schemas, never Fastify's request; each
 * write runs in one transaction with its audit row (`recordWrite`). The table-backed handler
 * (`tableHandler`, core/crud/table-handler.ts) serves a catalogue; a module with its own service
 * (roles, accounts, doctors) implements the methods itself.
 */
export interface ResourceHandler<Row = unknown, Body = never> {
  /** A page of the list (filters, search, sort of the list query); the caller's facility only. */
  list?(caller: Caller, q: ListQuery): Promise<Paged<Row>>;
  /** A page of the dropdown: active rows, id and name (and what the resource's option entry adds). */
  options?(caller: Caller, q: ListQuery): Promise<Paged<{ id: number; name: string }>>;
  /** The list's rows under the same filters and sort as an .xlsx, its EXPORT audit row written. */
  export?(caller: Caller, q: ListQuery): Promise<Buffer>;
  /** One row; 404 when the caller's facility has none with this id. */
  get?(caller: Caller, id: number): Promise<Row>;
  create?(caller: Caller, body: Body): Promise<Row>;
  update?(caller: Caller, id: number, body: Body): Promise<Row>;
  setActive?(caller: Caller, id: number, active: boolean): Promise<Row>;
  /** Deletes a row nothing uses; 409 naming what uses it otherwise. Answers the deleted row. */
  remove?(caller: Caller, id: number): Promise<Row>;
}

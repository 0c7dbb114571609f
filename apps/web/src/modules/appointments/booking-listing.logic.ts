import type { ListingProperty } from '@portal/shared/contracts/appointments.contract';
import type { ListSpec, ListState } from '../../core/crud/list-state';

/** The listing's columns that sort, and the spec's `properties` each one sends, in order. */
export const LISTING_COLUMNS: Record<string, ListingProperty[]> = {
  time: ['date', 'startTime'],
  code: ['code'],
  patient: ['patientName'],
  status: ['status', 'date', 'startTime'],
};

export const LISTING_SPEC: ListSpec = { sortable: Object.keys(LISTING_COLUMNS), filters: [], defaultSort: { field: 'time', direction: 'asc' } };

/** The query of `GET /doctors/{id}` or `/schedules/{id}` for the table's state: page, size, sort (ASC | DESC), properties. */
export function listingQuery(state: Pick<ListState, 'page' | 'size' | 'sort'>): { page: string; size: string; sort: 'ASC' | 'DESC'; properties: string } {
  const sort = state.sort && LISTING_COLUMNS[state.sort.field] ? state.sort : LISTING_SPEC.defaultSort;
  return {
    page: String(state.page),
    size: String(state.size),
    sort: sort.direction === 'desc' ? 'DESC' : 'ASC',
    properties: LISTING_COLUMNS[sort.field]!.join(','),
  };
}

import { describe, expect, it } from 'vitest';
import { listingQuery } from './booking-listing.logic';

describe('listingQuery: the table state as the spec’s page, size, sort, properties', () => {
  it.each<[string, Parameters<typeof listingQuery>[0], ReturnType<typeof listingQuery>]>([
    ['the default', { page: 0, size: 10, sort: null }, { page: '0', size: '10', sort: 'ASC', properties: 'date,startTime' }],
    [
      'time, newest first',
      { page: 2, size: 20, sort: { field: 'time', direction: 'desc' } },
      { page: '2', size: '20', sort: 'DESC', properties: 'date,startTime' },
    ],
    ['patient name', { page: 0, size: 10, sort: { field: 'patient', direction: 'asc' } }, { page: '0', size: '10', sort: 'ASC', properties: 'patientName' }],
    [
      'state, then time',
      { page: 0, size: 10, sort: { field: 'status', direction: 'asc' } },
      { page: '0', size: '10', sort: 'ASC', properties: 'status,date,startTime' },
    ],
    ['code, page 2', { page: 1, size: 10, sort: { field: 'code', direction: 'desc' } }, { page: '1', size: '10', sort: 'DESC', properties: 'code' }],
    [
      'an unknown column (the default)',
      { page: 0, size: 10, sort: { field: 'price', direction: 'desc' } },
      { page: '0', size: '10', sort: 'ASC', properties: 'date,startTime' },
    ],
  ])('%s', (_label, state, query) => {
    expect(listingQuery(state)).toEqual(query);
  });
});

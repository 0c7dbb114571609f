import { Flex } from 'antd';
import type { FieldDef } from '@portal/shared/core/define-resource';
import { doctorResource } from '@portal/shared/resources';
import { SearchBox } from '../../core/blocks/search-box';
import { FIELD_TYPES } from '../../core/crud/field-types';
import { ClearFiltersButton, StateFilter } from '../../core/crud/list-filter-bar';
import { hasFilters, withFilter, withFilters } from '../../core/crud/list-state';
import type { FilterSlotProps } from '../../core/crud/list-slots';
import { TD } from './doctors.messages';
import { LinkSelect } from './link-select';

const field = (key: string) => doctorResource.fields.find((f) => f.key === key) as FieldDef;
const WIDTH = 210;

/**
 * Search and filters of the doctor list, all in the URL (the list state of core/crud):
 * department, specialty and room through the paged dropdown, title and degree, state.
 */
export function DoctorFilterBar({ state, onChange }: FilterSlotProps) {
  const setFilter = (key: string, v: string | undefined) => onChange(withFilter(state, key, v));
  const idOf = (key: string) => (state.filters[key] ? Number(state.filters[key]) : undefined);
  const link = (key: 'departmentId' | 'specialtyId' | 'roomId', kind: 'departments' | 'specialties' | 'rooms', label: string) => (
    <LinkSelect
      kind={kind}
      aria-label={label}
      placeholder={label}
      allowClear
      value={idOf(key)}
      // The rooms offered follow the chosen department.
      filter={kind === 'rooms' ? { departmentId: idOf('departmentId') } : undefined}
      onChange={(v: number | undefined) => setFilter(key, v === undefined || v === null ? undefined : String(v))}
      style={{ width: WIDTH }}
    />
  );

  return (
    <Flex wrap gap={12} align="center">
      <SearchBox placeholder={TD.searchPlaceholder} q={state.q} onSearch={(q) => onChange(withFilters(state, { q }))} style={{ width: 340 }} />
      {link('departmentId', 'departments', TD.fields.department)}
      {link('specialtyId', 'specialties', TD.fields.specialties)}
      {link('roomId', 'rooms', TD.fields.rooms)}
      {(['academicTitle', 'degree'] as const).map((key) => (
        <span key={key}>{FIELD_TYPES.enum.filter({ field: field(key), value: state.filters[key], onChange: (v) => setFilter(key, v) })}</span>
      ))}
      <StateFilter state={state} onChange={onChange} />
      {hasFilters(state) && <ClearFiltersButton state={state} onChange={onChange} />}
    </Flex>
  );
}

import type { FacilityRef } from './to-fhir/common';

/**
 * Organization ids named by a search (`organization=`, `partof=`, `_id=`): whether the facility itself is among
 * them (`f<its id>`: another facility's is no match) and which department rows (`d<id>`).
 */
export function orgIds(f: FacilityRef, ids: readonly string[]): { hospital: boolean; departments: number[] } {
  const departments: number[] = [];
  let hospital = false;
  for (const id of ids) {
    const m = /^([fd])(\d{1,9})$/.exec(id);
    if (!m) continue;
    if (m[1] === 'f') hospital ||= Number(m[2]) === f.id;
    else departments.push(Number(m[2]));
  }
  return { hospital, departments };
}

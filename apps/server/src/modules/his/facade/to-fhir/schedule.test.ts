import { describe, expect, it } from 'vitest';
import { fhirIssues } from '../../fhir/validate';
import { scheduleToFhir } from './schedule';
import { slotToFhir } from './slot';

const F = { id: 3, code: 'BVDK-AP' };
const schedule = {
  id: 40,
  date: '2026-05-04',
  startTime: '07:00',
  endTime: '11:30',
  doctorId: 7,
  doctorName: 'BSCKI Nguyễn Văn An',
  roomId: 21,
  roomName: 'P201',
  note: null,
};

describe('schedules and slots', () => {
  it.each([
    ['a morning schedule', scheduleToFhir(schedule, F), { planningHorizon: { start: '2026-05-04T07:00:00+07:00', end: '2026-05-04T11:30:00+07:00' } }],
    [
      'a schedule with a note',
      scheduleToFhir({ ...schedule, note: 'Khám dịch vụ' }, F),
      { comment: 'Khám dịch vụ', identifier: [{ system: 'urn:portal:BVDK-AP:schedule' }] },
    ],
    [
      'a free slot',
      slotToFhir({ id: 900, scheduleId: 40, date: '2026-05-04', startTime: '07:30', endTime: '07:45', capacity: 3, booked: 2 }, F),
      { status: 'free', start: '2026-05-04T07:30:00+07:00', schedule: { reference: 'Schedule/40' } },
    ],
    [
      'a full slot',
      slotToFhir({ id: 901, scheduleId: 40, date: '2026-05-04', startTime: '07:45', endTime: '08:00', capacity: 3, booked: 3 }, F),
      { status: 'busy' },
    ],
  ])('%s is valid R4', (_name, resource, expected) => {
    expect(fhirIssues(resource)).toEqual([]);
    expect(resource).toMatchObject(expected);
  });

  it('names the doctor and the room as actors', () => {
    expect(scheduleToFhir(schedule, F).actor).toEqual([
      { reference: 'Practitioner/7', display: 'BSCKI Nguyễn Văn An' },
      { reference: 'Location/21', display: 'P201' },
    ]);
  });
});

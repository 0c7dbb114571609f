import { describe, expect, it } from 'vitest';
import { FHIR_EXTENSIONS } from '@portal/shared/rules/fhir-systems';
import { fhirIssues } from '../../fhir/validate';
import { appointmentToFhir, type AppointmentRow } from './appointment';

const F = { id: 3, code: 'BVDK-AP' };
const booked: AppointmentRow = {
  id: 501,
  code: 'DK260504000123',
  fhirStatus: 'booked',
  date: '2026-05-04',
  startTime: '07:30',
  endTime: '07:45',
  priority: 0,
  symptom: null,
  statusReason: null,
  queueNumber: null,
  createdAt: new Date('2026-05-01T02:15:00Z'),
  profileId: 12,
  patientName: 'Nguyễn Văn An',
  doctorId: 7,
  doctorName: 'ThS.BS Phạm Thu Trang',
  roomId: 21,
  roomName: 'Phòng khám Nội 1',
  timeSlotId: 900,
  specialty: { code: 'NOI', name: 'Nội tổng hợp' },
  services: [{ code: 'KB01', name: 'Khám Nội tổng quát' }],
};

describe('appointmentToFhir', () => {
  it.each([
    ['a booked appointment', booked, {}],
    [
      'a priority booking with a symptom',
      { ...booked, priority: 1, symptom: 'Đau ngực trái khi gắng sức' },
      { priority: 1, comment: 'Đau ngực trái khi gắng sức' },
    ],
    [
      'a cancelled booking with its reason',
      { ...booked, fhirStatus: 'cancelled', statusReason: 'Bận việc đột xuất' },
      { status: 'cancelled', cancelationReason: { text: 'Bận việc đột xuất' } },
    ],
    [
      'an arrived booking with its queue number',
      { ...booked, fhirStatus: 'arrived', queueNumber: 14 },
      { extension: [{ url: FHIR_EXTENSIONS.queueNumber, valueInteger: 14 }] },
    ],
    ['a booking with no specialty nor service', { ...booked, specialty: null, services: [] }, { status: 'booked' }],
    ['a fulfilled booking keeps no reason (R4 app-4)', { ...booked, fhirStatus: 'fulfilled', statusReason: 'ghi chú cũ' }, { status: 'fulfilled' }],
  ])('%s is valid R4', (_name, row, expected) => {
    const a = appointmentToFhir(row as AppointmentRow, F);
    expect(fhirIssues(a)).toEqual([]);
    expect(a).toMatchObject(expected);
    if (row.fhirStatus !== 'cancelled') expect(a.cancelationReason).toBeUndefined();
    if (!row.priority) expect(a.priority).toBeUndefined();
  });

  it('says the times in +07:00, the booking code in the portal system and the three participants', () => {
    const a = appointmentToFhir(booked, F);
    expect(a).toMatchObject({
      start: '2026-05-04T07:30:00+07:00',
      end: '2026-05-04T07:45:00+07:00',
      minutesDuration: 15,
      created: '2026-05-01T09:15:00+07:00',
      identifier: [{ system: 'urn:portal:BVDK-AP:booking', value: 'DK260504000123' }],
      slot: [{ reference: 'Slot/900' }],
      specialty: [{ coding: [{ system: 'urn:portal:BVDK-AP:specialty', code: 'NOI' }] }],
      serviceType: [{ coding: [{ system: 'urn:portal:BVDK-AP:service', code: 'KB01', display: 'Khám Nội tổng quát' }] }],
    });
    expect(a.participant.map((p) => p.actor)).toEqual([
      { reference: 'Patient/12', display: 'Nguyễn Văn An' },
      { reference: 'Practitioner/7', display: 'ThS.BS Phạm Thu Trang' },
      { reference: 'Location/21', display: 'Phòng khám Nội 1' },
    ]);
  });
});

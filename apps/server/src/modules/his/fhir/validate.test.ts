import { describe, expect, it } from 'vitest';
import { fhirIssues } from './validate';

describe('fhirIssues (R4 definitions)', () => {
  it.each([
    ['a plain patient', { resourceType: 'Patient', name: [{ text: 'Nguyễn Văn An' }], gender: 'male', birthDate: '1985-03-15' }, 0],
    [
      'an arrived appointment with its times',
      {
        resourceType: 'Appointment',
        status: 'arrived',
        start: '2026-11-26T08:00:00+07:00',
        end: '2026-11-26T08:15:00+07:00',
        participant: [{ actor: { reference: 'Patient/1' }, status: 'accepted' }],
      },
      0,
    ],
  ])('%s is valid', (_name, resource, count) => {
    expect(fhirIssues(resource)).toHaveLength(count);
  });

  it.each([
    ['no resourceType', { name: [] }, 'resourceType'],
    ['an unknown property', { resourceType: 'Patient', foo: 1 }, 'Patient.foo'],
    [
      'a string where a number goes',
      {
        resourceType: 'Appointment',
        status: 'booked',
        start: '2026-11-26T08:00:00+07:00',
        end: '2026-11-26T08:15:00+07:00',
        participant: [{ actor: { reference: 'Patient/1' }, status: 'accepted' }],
        minutesDuration: 'x',
      },
      'minutesDuration',
    ],
    [
      'an appointment with no times (invariant app-3)',
      { resourceType: 'Appointment', status: 'arrived', participant: [{ actor: { reference: 'Patient/1' }, status: 'accepted' }] },
      'app-3',
    ],
  ])('%s is refused', (_name, resource, mention) => {
    const issues = fhirIssues(resource);
    expect(issues.length).toBeGreaterThan(0);
    expect(JSON.stringify(issues)).toContain(mention);
  });
});

import type {
  ChargeItemDefinition,
  ChargeItemDefinitionPropertyGroupPriceComponent,
  Money,
  Extension,
  Condition,
  DiagnosticReport,
  Encounter,
  MedicationRequest,
  Observation,
  Practitioner,
  PractitionerRole,
} from '@medplum/fhirtypes';
import { FHIR_EXTENSIONS, FHIR_SYSTEMS, HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { describe, expect, it } from 'vitest';
import {
  departmentOf,
  diagnosticsOf,
  doctorOf,
  duplicateCodes,
  OTHER_HOSPITAL,
  patientOf,
  prescriptionOf,
  roomOf,
  serviceOf,
  titleOf,
  visitOf,
} from './his-convert';
import { uniqueNamePairs } from './his-maps';

const H = 'bv1';
const price = (kind: string, value: unknown, currency: string | null = 'VND', extension?: Extension[]): ChargeItemDefinitionPropertyGroupPriceComponent => ({
  type: 'base' as const,
  code: { coding: [{ system: HIS_CODE_SYSTEMS.priceKind, code: kind }] },
  amount: { value: value as number, ...(currency === null ? {} : { currency: currency as Money['currency'] }) },
  ...(extension ? { extension } : {}),
});
const deptPrice = (dept: string, until?: string): Extension[] => [
  {
    url: FHIR_EXTENSIONS.departmentPrice,
    extension: [
      { url: 'department', valueIdentifier: { system: HIS_CODE_SYSTEMS.department, value: dept } },
      ...(until ? [{ url: 'until', valueDate: until }] : []),
    ],
  },
];
const cid = (over: Partial<ChargeItemDefinition> = {}, prices = [price('standard', 150000)]): ChargeItemDefinition => ({
  resourceType: 'ChargeItemDefinition',
  id: 'c1',
  url: 'urn:his:cid:XN001',
  status: 'active',
  identifier: [{ system: HIS_CODE_SYSTEMS.service, value: 'XN001' }],
  title: 'Tổng phân tích tế bào máu ngoại vi',
  useContext: [
    { code: { system: FHIR_SYSTEMS.usageContextType, code: 'venue' }, valueReference: { reference: `Organization/${H}` } },
    {
      code: { system: FHIR_SYSTEMS.usageContextType, code: 'focus' },
      valueCodeableConcept: { coding: [{ system: HIS_CODE_SYSTEMS.serviceType, code: '2', display: 'Xét nghiệm' }] },
    },
  ],
  propertyGroup: [{ priceComponent: prices }],
  ...over,
});
const depts = new Map([['k01', 11]]);
const deptId = (code: string) => depts.get(code.toLowerCase()) ?? null;

describe('serviceOf: a ChargeItemDefinition → a service of the price list', () => {
  it('reads the code, name, type and the three kinds of price', () => {
    const c = serviceOf(
      cid({}, [
        price('standard', 150000),
        price('insurance', 120000),
        price('department', 300000, 'VND', deptPrice('K01', '2026-12-31')),
        price('department', 350000, 'VND', deptPrice('1000102')),
      ]),
      H,
      deptId,
    );
    expect(c).toEqual({
      ok: true,
      value: {
        ref: 'ChargeItemDefinition/c1',
        code: 'XN001',
        name: 'Tổng phân tích tế bào máu ngoại vi',
        active: true,
        typeValue: 2,
        typeName: 'Xét nghiệm',
        price: 150000,
        insurancePrice: 120000,
        priceEntries: [
          { khoaChiDinhId: 11, donGiaDichVu: 300000, denNgay: '2026-12-31' },
          { khoaChiDinhId: 1000102, donGiaDichVu: 350000, denNgay: null },
        ],
      },
    });
  });

  it('a department price with no department is a price of the whole facility', () => {
    const c = serviceOf(cid({}, [price('standard', 1), price('department', 2, 'VND', [])]), H, deptId);
    expect(c.ok && c.value.priceEntries).toEqual([{ khoaChiDinhId: null, donGiaDichVu: 2, denNgay: null }]);
  });

  it('a retired service is inactive', () => {
    const c = serviceOf(cid({ status: 'retired' }), H, deptId);
    expect(c.ok && c.value.active).toBe(false);
  });

  it.each([
    ['another hospital', cid({ useContext: [{ code: { code: 'venue' }, valueReference: { reference: 'Organization/other' } }] }), true, OTHER_HOSPITAL],
    ['no code', cid({ identifier: [] }), false, 'không có mã'],
    ['no title', cid({ title: ' ' }), false, 'không có tên'],
    ['no service type', cid({ useContext: [{ code: { code: 'venue' }, valueReference: { reference: `Organization/${H}` } }] }), false, 'loại dịch vụ'],
    ['a price with no currency', cid({}, [price('standard', 150000, null)]), false, 'VND'],
    ['a price in dollars', cid({}, [price('standard', 15, 'USD')]), false, 'VND'],
    ['a fractional price', cid({}, [price('standard', 1500.5)]), false, 'không hợp lệ'],
    ['a negative price', cid({}, [price('standard', -1)]), false, 'không hợp lệ'],
    ['no standard price', cid({}, [price('insurance', 1000)]), false, 'niêm yết'],
    ['a department price of an unmapped department', cid({}, [price('standard', 1), price('department', 2, 'VND', deptPrice('K99'))]), false, 'K99'],
  ])('%s is refused or skipped', (_n, resource, skipped, reason) => {
    const c = serviceOf(resource, H, deptId);
    expect(c.ok).toBe(false);
    if (!c.ok) {
      expect(c.skip).toBe(skipped);
      expect(c.reason).toContain(reason);
    }
  });
});

describe('duplicateCodes', () => {
  it.each([
    [['A', 'B', 'C'], []],
    [
      ['A', 'b', 'B', 'a', 'C'],
      ['a', 'b'],
    ],
    [[], []],
  ])('%j → %j', (codes, dup) => {
    expect([...duplicateCodes(codes)].sort()).toEqual(dup);
  });
});

describe('departments, rooms and doctors', () => {
  it('a department of the hospital; another hospital skipped; no code refused', () => {
    const org = {
      resourceType: 'Organization' as const,
      id: 'd1',
      name: 'Khoa Nội',
      partOf: { reference: `Organization/${H}` },
      identifier: [{ system: HIS_CODE_SYSTEMS.department, value: 'K01' }],
    };
    expect(departmentOf(org, H)).toEqual({ ok: true, value: { ref: 'Organization/d1', code: 'K01', name: 'Khoa Nội', active: true } });
    expect(departmentOf({ ...org, partOf: { reference: 'Organization/x' } }, H)).toMatchObject({ ok: false, skip: true });
    expect(departmentOf({ ...org, identifier: [] }, H)).toMatchObject({ ok: false, skip: false });
  });

  it('a room belongs to a department of the hospital', () => {
    const loc = {
      resourceType: 'Location' as const,
      id: 'r1',
      name: 'Phòng 101',
      status: 'active' as const,
      managingOrganization: { reference: 'Organization/d1' },
      identifier: [{ system: HIS_CODE_SYSTEMS.room, value: 'P101' }],
    };
    expect(roomOf(loc, new Set(['Organization/d1']))).toMatchObject({ ok: true, value: { code: 'P101', departmentRef: 'Organization/d1', active: true } });
    expect(roomOf(loc, new Set(['Organization/d2']))).toMatchObject({ ok: false, skip: true });
    expect(roomOf({ ...loc, status: 'inactive' }, new Set(['Organization/d1']))).toMatchObject({ ok: true, value: { active: false } });
  });

  it.each([
    ['PGS.TS.BS.', { academicTitle: 'PGS', degree: 'TS' }],
    ['GS TS', { academicTitle: 'GS', degree: 'TS' }],
    ['ThS.BS', { academicTitle: null, degree: 'THS' }],
    ['BSCKII', { academicTitle: null, degree: 'BSCKII' }],
    ['BSCKI.', { academicTitle: null, degree: 'BSCKI' }],
    ['BS.', { academicTitle: null, degree: 'BS' }],
    [undefined, { academicTitle: null, degree: 'BS' }],
  ])('titleOf(%s)', (prefix, expected) => {
    expect(titleOf(prefix)).toEqual(expected);
  });

  it('a doctor with a role in a department of the hospital', () => {
    const p: Practitioner = {
      resourceType: 'Practitioner',
      id: 'p1',
      identifier: [{ system: HIS_CODE_SYSTEMS.doctor, value: 'BS001' }],
      name: [{ text: 'Trần Văn Minh', prefix: ['ThS', 'BS'] }],
      gender: 'male',
    };
    const role: PractitionerRole = {
      resourceType: 'PractitionerRole',
      practitioner: { reference: 'Practitioner/p1' },
      organization: { reference: 'Organization/d1' },
    };
    expect(doctorOf(p, [role], new Set(['Organization/d1']))).toEqual({
      ok: true,
      value: {
        ref: 'Practitioner/p1',
        code: 'BS001',
        name: 'Trần Văn Minh',
        active: true,
        gender: 'MALE',
        academicTitle: null,
        degree: 'THS',
        departmentRef: 'Organization/d1',
      },
    });
    expect(doctorOf(p, [role], new Set(['Organization/d9']))).toMatchObject({ ok: false, skip: true });
  });
});

describe('patients and their records', () => {
  it('a patient summary reads the identifiers by system', () => {
    const s = patientOf(
      {
        resourceType: 'Patient',
        id: 'pt1',
        identifier: [
          { system: 'urn:his:patient-code', value: 'BN001' },
          { system: FHIR_SYSTEMS.cccd, value: '001085012345' },
          { system: FHIR_SYSTEMS.bhyt, value: 'DN4010123456789' },
        ],
        name: [{ text: 'Nguyễn Văn An' }],
        gender: 'male',
        birthDate: '1985-03-15',
        telecom: [{ system: 'phone', value: '0912345678' }],
        address: [{ text: 'Phường Bến Nghé, TP. Hồ Chí Minh' }],
      },
      'urn:his:patient-code',
    );
    expect(s).toEqual({
      hisId: 'pt1',
      name: 'Nguyễn Văn An',
      gender: 'Nam',
      birthDate: '1985-03-15',
      phone: '0912345678',
      address: 'Phường Bến Nghé, TP. Hồ Chí Minh',
      patientCode: 'BN001',
      cccd: '001085012345',
      bhyt: 'DN4010123456789',
    });
  });

  const enc: Encounter = {
    resourceType: 'Encounter',
    id: 'e1',
    status: 'finished',
    class: { system: FHIR_SYSTEMS.encounterClass, code: 'AMB' },
    identifier: [{ system: HIS_CODE_SYSTEMS.encounter, value: 'LK001' }],
    period: { start: '2026-10-01T08:30:00+07:00' },
    serviceProvider: { reference: 'Organization/d1' },
    participant: [{ individual: { reference: 'Practitioner/p1', display: 'BS. Trần Văn Minh' } }],
    reasonCode: [{ text: 'Đau đầu, chóng mặt' }],
  };
  const cond: Condition = {
    resourceType: 'Condition',
    subject: { reference: 'Patient/pt1' },
    encounter: { reference: 'Encounter/e1' },
    code: { coding: [{ system: FHIR_SYSTEMS.icd10, code: 'I10', display: 'Tăng huyết áp vô căn' }] },
    note: [{ text: 'Theo dõi huyết áp tại nhà' }],
  };

  it('an encounter with its condition → a visit', () => {
    expect(visitOf(enc, [cond], (r) => (r === 'Organization/d1' ? 'Khoa Nội tim mạch' : null))).toEqual({
      ok: true,
      value: {
        ref: 'Encounter/e1',
        encounterCode: 'LK001',
        visitedAt: '2026-10-01T01:30:00.000Z',
        departmentName: 'Khoa Nội tim mạch',
        doctorName: 'BS. Trần Văn Minh',
        reason: 'Đau đầu, chóng mặt',
        icdCode: 'I10',
        diagnosis: 'Tăng huyết áp vô căn',
        conclusion: 'Theo dõi huyết áp tại nhà',
      },
    });
    expect(visitOf({ ...enc, period: {} }, [], () => null)).toMatchObject({ ok: false });
  });

  it('a prescription line', () => {
    const m: MedicationRequest = {
      resourceType: 'MedicationRequest',
      status: 'completed',
      intent: 'order',
      subject: { reference: 'Patient/pt1' },
      medicationCodeableConcept: { text: 'Amlodipin 5 mg', coding: [{ display: 'Amlodipine' }] },
      dosageInstruction: [{ text: 'Uống 1 viên/lần, 1 lần/ngày buổi sáng', doseAndRate: [{ doseQuantity: { value: 5, unit: 'mg' } }] }],
      dispenseRequest: { quantity: { value: 30, unit: 'viên' }, expectedSupplyDuration: { value: 30, unit: 'ngày' } },
    };
    expect(prescriptionOf(m)).toEqual({
      ok: true,
      value: {
        drugName: 'Amlodipin 5 mg',
        activeIngredient: 'Amlodipine',
        dose: '5 mg',
        quantity: 30,
        unit: 'viên',
        usage: 'Uống 1 viên/lần, 1 lần/ngày buổi sáng',
        days: 30,
      },
    });
    expect(prescriptionOf({ ...m, medicationCodeableConcept: {} })).toMatchObject({ ok: false });
  });

  it('a report with its observations → diagnostic lines, abnormal by interpretation', () => {
    const o: Observation = {
      resourceType: 'Observation',
      id: 'o1',
      status: 'final',
      code: { text: 'Glucose máu' },
      valueQuantity: { value: 8.2, unit: 'mmol/L' },
      referenceRange: [{ text: '3,9 – 6,4' }],
      interpretation: [{ coding: [{ code: 'H' }] }],
    };
    const r: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      status: 'final',
      code: { text: 'Sinh hóa máu' },
      category: [{ coding: [{ system: FHIR_SYSTEMS.reportCategory, code: 'LAB' }] }],
      effectiveDateTime: '2026-10-01T09:00:00+07:00',
      result: [{ reference: 'Observation/o1' }],
      conclusion: 'Đường máu tăng',
    };
    expect(diagnosticsOf(r, new Map([['Observation/o1', o]]))).toEqual({
      ok: true,
      value: [
        {
          kind: 'XN',
          serviceName: 'Glucose máu',
          result: '8,2',
          unit: 'mmol/L',
          referenceRange: '3,9 – 6,4',
          abnormal: true,
          conclusion: 'Đường máu tăng',
          performedAt: '2026-10-01T02:00:00.000Z',
        },
      ],
    });
    const imaging = diagnosticsOf({ ...r, category: [{ coding: [{ code: 'RAD' }] }], result: [], conclusion: 'Gan nhiễm mỡ độ 1' }, new Map());
    expect(imaging).toMatchObject({ ok: true, value: [{ kind: 'CDHA', result: 'Gan nhiễm mỡ độ 1', abnormal: false }] });
  });
});

describe('uniqueNamePairs (matching by name without diacritics)', () => {
  it.each([
    ['one each side', [{ id: 1, key: 'khoa noi' }], [{ id: 'a', key: 'khoa noi' }], [[1, 'a']]],
    [
      'two on the portal side',
      [
        { id: 1, key: 'khoa noi' },
        { id: 2, key: 'khoa noi' },
      ],
      [{ id: 'a', key: 'khoa noi' }],
      [],
    ],
    [
      'two on the HIS side',
      [{ id: 1, key: 'khoa noi' }],
      [
        { id: 'a', key: 'khoa noi' },
        { id: 'b', key: 'khoa noi' },
      ],
      [],
    ],
    ['empty names', [{ id: 1, key: '' }], [{ id: 'a', key: '' }], []],
    ['different names', [{ id: 1, key: 'khoa noi' }], [{ id: 'a', key: 'khoa ngoai' }], []],
  ])('%s', (_n, left, right, pairs) => {
    expect(uniqueNamePairs(left, right)).toEqual(pairs);
  });
});

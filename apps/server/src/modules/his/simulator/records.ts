import type { Condition, DiagnosticReport, Encounter, MedicationRequest, Observation, Patient, Practitioner, Reference } from '@medplum/fhirtypes';
import { FHIR_SYSTEMS, HIS_CODE_SYSTEMS } from '@portal/shared/rules/fhir-systems';
import { CONDITIONS, type Condition as SeedCondition, tinyPdf } from '../../../db/seed/patients-data';
import { deptId, type Hospital, HOSPITAL_NAME, roomId } from './hospital';
import { int, pick, type Rng } from './random';

/** Everything a patient's visits add to the HIS. */
export interface PatientRecords {
  encounters: Encounter[];
  conditions: Condition[];
  medications: MedicationRequest[];
  reports: DiagnosticReport[];
  observations: Observation[];
  binaries: { id: string; contentType: string; data: Buffer }[];
}

/** Numbers the records' ids across patients (`lk-1`, `cd-1`, ...). */
export interface RecordCounters {
  encounter: number;
  condition: number;
  medication: number;
  report: number;
  observation: number;
  binary: number;
}

export const newCounters = (): RecordCounters => ({ encounter: 0, condition: 0, medication: 0, report: 0, observation: 0, binary: 0 });

const DAY = 86_400_000;
const HOUR = 3_600_000;
const CHRONIC = new Set(['I10', 'E11.9', 'E78.5', 'J45.9']);
const OBS_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';

/** '2025-03-14T08:05:00+07:00' for an instant. */
export function localDateTime(ms: number): string {
  return `${new Date(ms + 7 * HOUR).toISOString().slice(0, 19)}+07:00`;
}

/** Midnight (+07:00) of the day holding `now`, as epoch ms: visits are placed from it, so a day's simulators agree. */
export function dayStart(now: Date): number {
  const local = new Date(now.getTime() + 7 * HOUR);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - 7 * HOUR;
}

// ---- result panels ----

interface Analyte {
  name: string;
  unit: string;
  low?: number;
  high?: number;
  decimals: number;
}

interface Finding {
  name: string;
  normal: string;
  abnormal: string;
}

interface Panel {
  /** The service as the catalogue names it (the report carries its code when the catalogue has it). */
  service: string;
  category: 'LAB' | 'RAD' | 'EC';
  performer: string;
  analytes?: Analyte[];
  findings?: Finding[];
  pdfTitle: string;
}

const CBC: Panel = {
  service: 'Tổng phân tích tế bào máu ngoại vi (bằng máy đếm laser)',
  category: 'LAB',
  performer: 'KXN',
  pdfTitle: 'PHIEU KET QUA XET NGHIEM HUYET HOC',
  analytes: [
    { name: 'Số lượng bạch cầu (WBC)', unit: 'G/L', low: 4, high: 10, decimals: 1 },
    { name: 'Tỷ lệ bạch cầu trung tính (NEUT%)', unit: '%', low: 45, high: 75, decimals: 1 },
    { name: 'Số lượng hồng cầu (RBC)', unit: 'T/L', low: 3.8, high: 5.5, decimals: 2 },
    { name: 'Lượng huyết sắc tố (HGB)', unit: 'g/L', low: 120, high: 160, decimals: 0 },
    { name: 'Thể tích khối hồng cầu (HCT)', unit: '%', low: 36, high: 48, decimals: 1 },
    { name: 'Số lượng tiểu cầu (PLT)', unit: 'G/L', low: 150, high: 400, decimals: 0 },
  ],
};
const BIO: Panel = {
  service: 'Xét nghiệm sinh hoá máu',
  category: 'LAB',
  performer: 'KXN',
  pdfTitle: 'PHIEU KET QUA XET NGHIEM SINH HOA MAU',
  analytes: [
    { name: 'Định lượng Glucose [Máu]', unit: 'mmol/L', low: 3.9, high: 6.4, decimals: 1 },
    { name: 'Định lượng Urê [Máu]', unit: 'mmol/L', low: 2.5, high: 7.5, decimals: 1 },
    { name: 'Định lượng Creatinin [Máu]', unit: 'µmol/L', low: 62, high: 120, decimals: 0 },
    { name: 'Đo hoạt độ AST (GOT) [Máu]', unit: 'U/L', high: 37, decimals: 0 },
    { name: 'Đo hoạt độ ALT (GPT) [Máu]', unit: 'U/L', high: 40, decimals: 0 },
    { name: 'Định lượng Cholesterol toàn phần [Máu]', unit: 'mmol/L', low: 3.9, high: 5.2, decimals: 1 },
    { name: 'Định lượng Triglycerid [Máu]', unit: 'mmol/L', low: 0.46, high: 1.88, decimals: 2 },
  ],
};
const HBA1C: Analyte = { name: 'Định lượng HbA1c [Máu]', unit: '%', low: 4, high: 6, decimals: 1 };
const ABDOMEN: Panel = {
  service: 'Siêu âm ổ bụng (gan mật, tụy, lách, thận, bàng quang)',
  category: 'RAD',
  performer: 'KCDHA',
  pdfTitle: 'PHIEU KET QUA SIEU AM O BUNG',
  findings: [
    { name: 'Gan', normal: 'Kích thước bình thường, nhu mô đều', abnormal: 'Nhu mô tăng âm nhẹ, hình ảnh gan nhiễm mỡ độ I' },
    { name: 'Đường mật – túi mật', normal: 'Túi mật không sỏi, thành mỏng', abnormal: 'Túi mật có polyp 4 mm' },
    { name: 'Tụy', normal: 'Không to, cấu trúc âm đều', abnormal: 'Không to, cấu trúc âm đều' },
    { name: 'Lách', normal: 'Không to', abnormal: 'Không to' },
    { name: 'Hai thận', normal: 'Không sỏi, không ứ nước', abnormal: 'Thận phải có sỏi 5 mm nhóm dưới, không ứ nước' },
  ],
};
const CHEST: Panel = {
  service: 'Chụp X-quang ngực thẳng',
  category: 'RAD',
  performer: 'KCDHA',
  pdfTitle: 'PHIEU KET QUA CHUP X-QUANG NGUC THANG',
  findings: [
    { name: 'Bóng tim', normal: 'Không to, chỉ số tim ngực 0,45', abnormal: 'Không to, chỉ số tim ngực 0,48' },
    { name: 'Hai phổi', normal: 'Hai phế trường sáng, không thấy tổn thương nhu mô', abnormal: 'Tăng đậm khí phế quản hai bên' },
    { name: 'Màng phổi – cơ hoành', normal: 'Góc sườn hoành hai bên nhọn', abnormal: 'Góc sườn hoành hai bên nhọn' },
  ],
};
const SPINE: Panel = {
  service: 'Chụp X-quang cột sống thắt lưng thẳng nghiêng',
  category: 'RAD',
  performer: 'KCDHA',
  pdfTitle: 'PHIEU KET QUA CHUP X-QUANG COT SONG THAT LUNG',
  findings: [
    { name: 'Thân đốt sống', normal: 'Chiều cao thân đốt bình thường', abnormal: 'Gai xương bờ trước thân đốt L4, L5' },
    { name: 'Khe đĩa đệm', normal: 'Không hẹp', abnormal: 'Hẹp nhẹ khe đĩa đệm L4–L5' },
  ],
};
const ECG: Panel = {
  service: 'Điện tim thường',
  category: 'EC',
  performer: 'KTM',
  pdfTitle: 'PHIEU KET QUA DIEN TIM',
  analytes: [{ name: 'Tần số tim', unit: 'lần/phút', low: 60, high: 100, decimals: 0 }],
  findings: [
    { name: 'Nhịp', normal: 'Nhịp xoang đều', abnormal: 'Nhịp xoang, ngoại tâm thu nhĩ thưa' },
    { name: 'Trục điện tim', normal: 'Trung gian', abnormal: 'Trái' },
  ],
};

/** Which results a diagnosis calls for, and the values a sick patient shows: [panel, abnormal ranges by analyte]. */
const WORKUP: Record<string, [Panel, Record<string, [number, number]>][]> = {
  'J06.9': [[CBC, { 'Số lượng bạch cầu (WBC)': [10.4, 14.5], 'Tỷ lệ bạch cầu trung tính (NEUT%)': [76, 86] }]],
  I10: [
    [BIO, { 'Định lượng Cholesterol toàn phần [Máu]': [5.4, 6.9] }],
    [ECG, {}],
  ],
  'E11.9': [[BIO, { 'Định lượng Glucose [Máu]': [7.2, 11.5], 'Định lượng HbA1c [Máu]': [6.6, 9.2] }]],
  'K29.7': [[ABDOMEN, {}]],
  'M54.5': [[SPINE, {}]],
  'E78.5': [[BIO, { 'Định lượng Cholesterol toàn phần [Máu]': [5.6, 7.6], 'Định lượng Triglycerid [Máu]': [1.95, 3.6] }]],
  A09: [[CBC, { 'Số lượng bạch cầu (WBC)': [10.2, 13.8] }]],
  'J45.9': [[CHEST, {}]],
  'N39.0': [[CBC, { 'Số lượng bạch cầu (WBC)': [10.5, 15.2] }]],
  'Z00.0': [
    [CBC, {}],
    [BIO, {}],
    [CHEST, {}],
  ],
};

const round = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d;
const vn = (v: number) => String(v).replace('.', ',');
const rangeText = (a: Analyte) => (a.low !== undefined ? `${vn(a.low)} – ${vn(a.high!)}` : `≤ ${vn(a.high!)}`);

/** PDF text: the base font has no Vietnamese letters, so the diacritics go (the case stays). */
export function ascii(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/µ/g, 'u')
    .replace(/–/g, '-')
    .replace(/≤/g, '<=');
}

export interface RecordContext {
  hospital: Hospital;
  counters: RecordCounters;
  today: number;
}

export interface RecordPatient {
  id: string;
  patientCode: string;
  fullName: string;
  birthDate: string;
}

/** 1–6 outpatient visits over the past two years, each with its diagnoses, prescriptions and results. */
export function recordsFor(rng: Rng, ctx: RecordContext, patient: RecordPatient, visits = int(rng, 1, 6)): PatientRecords {
  const out: PatientRecords = { encounters: [], conditions: [], medications: [], reports: [], observations: [], binaries: [] };
  const age = new Date(ctx.today).getUTCFullYear() - Number(patient.birthDate.slice(0, 4));
  const fits = CONDITIONS.filter((c) => (age < 16 ? !c.adult : !c.child));
  const chronic = fits.filter((c) => CHRONIC.has(c.icd));
  const subject: Reference<Patient> = { reference: `Patient/${patient.id}`, display: patient.fullName };
  const c = ctx.counters;
  for (let v = 0; v < visits; v++) {
    const main = pick(rng, fits);
    const second = age >= 45 && rng() < 0.3 ? pick(rng, chronic) : null;
    const diagnoses: SeedCondition[] = second && second.icd !== main.icd ? [main, second] : [main];
    const dept =
      age < 16 && main.department !== 'Khoa Tai Mũi Họng' && main.department !== 'Khoa Da liễu'
        ? 'KNHI'
        : (ctx.hospital.deptByName.get(main.department) ?? 'KKB');
    const doctor = pick(rng, ctx.hospital.doctorsByDept.get(dept) ?? ctx.hospital.doctorsByDept.get('KKB')!);
    const room = doctor.rooms[0]!;
    const start = ctx.today - int(rng, 1, 730) * DAY + 7 * HOUR + int(rng, 0, 270) * 60_000;
    const end = start + int(rng, 10, 40) * 60_000;
    const encounterId = `lk-${++c.encounter}`;
    const encounterRef: Reference<Encounter> = { reference: `Encounter/${encounterId}` };
    const doctorRef: Reference<Practitioner> = { reference: `Practitioner/${doctor.id}`, display: doctor.name };
    const conditionIds = diagnoses.map(() => `cd-${++c.condition}`);
    out.encounters.push({
      resourceType: 'Encounter',
      id: encounterId,
      identifier: [
        { system: HIS_CODE_SYSTEMS.encounter, value: `LK${localDateTime(start).slice(2, 10).replace(/-/g, '')}${String(c.encounter).padStart(6, '0')}` },
      ],
      status: 'finished',
      class: { system: FHIR_SYSTEMS.encounterClass, code: 'AMB', display: 'ambulatory' },
      subject,
      participant: [{ individual: doctorRef }],
      period: { start: localDateTime(start), end: localDateTime(end) },
      reasonCode: [{ text: main.reason }],
      diagnosis: conditionIds.map((id, k) => ({ condition: { reference: `Condition/${id}` }, rank: k + 1 })),
      location: [{ location: { reference: `Location/${roomId(room)}` } }],
      serviceProvider: { reference: `Organization/${deptId(dept)}` },
    });
    diagnoses.forEach((d, k) => {
      out.conditions.push({
        resourceType: 'Condition',
        id: conditionIds[k]!,
        clinicalStatus: {
          coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code: CHRONIC.has(d.icd) ? 'active' : 'resolved' }],
        },
        verificationStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-ver-status', code: 'confirmed' }] },
        category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-category', code: 'encounter-diagnosis' }] }],
        code: { coding: [{ system: FHIR_SYSTEMS.icd10, code: d.icd, display: d.diagnosis }], text: d.diagnosis },
        subject,
        encounter: encounterRef,
        recordedDate: localDateTime(end),
        asserter: doctorRef,
        note: [
          {
            text:
              d.icd === 'Z00.0'
                ? 'Sức khoẻ loại I'
                : `${d.diagnosis}. ${d.drugs.length ? 'Điều trị ngoại trú theo đơn.' : 'Theo dõi, tái khám khi có dấu hiệu bất thường.'}`,
          },
        ],
      });
    });
    const days = diagnoses.some((d) => CHRONIC.has(d.icd)) ? 30 : int(rng, 5, 7);
    const seen = new Set<string>();
    for (const drug of diagnoses.flatMap((d) => d.drugs)) {
      if (seen.has(drug.drug)) continue;
      seen.add(drug.drug);
      const dose = /^([\d.,]+)\s*([^\d.,\s]\S*)$/.exec(drug.dose);
      const quantity = drug.perDay === 0 ? 1 : drug.perDay * days;
      out.medications.push({
        resourceType: 'MedicationRequest',
        id: `dt-${++c.medication}`,
        status: 'completed',
        intent: 'order',
        medicationCodeableConcept: { text: drug.drug, coding: [{ display: drug.ingredient }] },
        subject,
        encounter: encounterRef,
        authoredOn: localDateTime(end),
        requester: doctorRef,
        dosageInstruction: [
          {
            text: drug.usage,
            ...(dose ? { doseAndRate: [{ doseQuantity: { value: Number(dose[1]!.replace(',', '.')), unit: dose[2]! } }] } : {}),
          },
        ],
        dispenseRequest: {
          quantity: { value: quantity, unit: drug.unit },
          expectedSupplyDuration: { value: days, unit: 'ngày', system: 'http://unitsofmeasure.org', code: 'd' },
        },
      });
    }
    const workup = [...(WORKUP[main.icd] ?? (rng() < 0.25 ? [[CBC, {}] as [Panel, Record<string, [number, number]>]] : []))];
    if (second) for (const w of WORKUP[second.icd] ?? []) if (!workup.some(([p]) => p === w[0])) workup.push(w);
    for (const [panel, sick] of workup) {
      if (panel === ECG && age < 16) continue;
      const withHba1c = panel === BIO && diagnoses.some((d) => d.icd === 'E11.9');
      addReport(rng, ctx, out, { panel, sick, withHba1c, patient, subject, encounterRef, start, dept });
    }
  }
  return out;
}

function addReport(
  rng: Rng,
  ctx: RecordContext,
  out: PatientRecords,
  r: {
    panel: Panel;
    sick: Record<string, [number, number]>;
    withHba1c: boolean;
    patient: RecordPatient;
    subject: Reference<Patient>;
    encounterRef: Reference<Encounter>;
    start: number;
    dept: string;
  },
): void {
  const c = ctx.counters;
  const { panel } = r;
  const effective = localDateTime(r.start + int(rng, 20, 90) * 60_000);
  const issued = localDateTime(r.start + int(rng, 2, 5) * HOUR);
  const category = panel.category === 'LAB' ? 'laboratory' : panel.category === 'RAD' ? 'imaging' : 'procedure';
  const abnormalFindings = panel.findings ? rng() < 0.35 : false;
  const obs: Observation[] = [];
  const lines: string[] = [];
  const flagged: string[] = [];
  const analytes = [...(panel.analytes ?? []), ...(r.withHba1c ? [HBA1C] : [])];
  for (const a of analytes) {
    const [lo, hi] = r.sick[a.name] ?? [a.low ?? a.high! * 0.3, a.high!];
    const value = round(lo + rng() * (hi - lo), a.decimals);
    const flag = a.low !== undefined && value < a.low ? 'L' : value > a.high! ? 'H' : 'N';
    if (flag !== 'N')
      flagged.push(`${a.name.replace(/^(Định lượng|Đo hoạt độ|Số lượng|Tỷ lệ|Lượng) /, '').replace(/ \[Máu\]$/, '')} ${flag === 'H' ? 'tăng' : 'giảm'}`);
    lines.push(`${ascii(a.name)}: ${value} ${ascii(a.unit)} (${ascii(rangeText(a))})${flag === 'N' ? '' : ` ${flag}`}`);
    const code = ctx.hospital.serviceCodeByName.get(a.name);
    obs.push({
      resourceType: 'Observation',
      id: `cs-${++c.observation}`,
      status: 'final',
      category: [{ coding: [{ system: OBS_CATEGORY, code: category }] }],
      code: { ...(code ? { coding: [{ system: HIS_CODE_SYSTEMS.service, code, display: a.name }] } : {}), text: a.name },
      subject: r.subject,
      encounter: r.encounterRef,
      effectiveDateTime: effective,
      valueQuantity: { value, unit: a.unit },
      interpretation: [{ coding: [{ system: INTERPRETATION, code: flag }] }],
      referenceRange: [
        {
          ...(a.low !== undefined ? { low: { value: a.low, unit: a.unit } } : {}),
          high: { value: a.high!, unit: a.unit },
          text: rangeText(a),
        },
      ],
    });
  }
  for (const f of panel.findings ?? []) {
    const text = abnormalFindings ? f.abnormal : f.normal;
    if (text !== f.normal) flagged.push(`${f.name}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`);
    lines.push(`${ascii(f.name)}: ${ascii(text)}`);
    obs.push({
      resourceType: 'Observation',
      id: `cs-${++c.observation}`,
      status: 'final',
      category: [{ coding: [{ system: OBS_CATEGORY, code: category }] }],
      code: { text: f.name },
      subject: r.subject,
      encounter: r.encounterRef,
      effectiveDateTime: effective,
      valueString: text,
      ...(text !== f.normal ? { interpretation: [{ coding: [{ system: INTERPRETATION, code: 'A' }] }] } : {}),
    });
  }
  const conclusion = flagged.length
    ? `${flagged.join('; ')}.`
    : panel.category === 'LAB'
      ? 'Các chỉ số trong giới hạn bình thường.'
      : 'Chưa phát hiện bất thường.';
  const binaryId = `pdf-${++c.binary}`;
  const pdf = tinyPdf([
    `${ascii(HOSPITAL_NAME).toUpperCase()} - ${panel.pdfTitle}`,
    `Ma benh nhan: ${r.patient.patientCode}`,
    `Ho ten: ${ascii(r.patient.fullName).toUpperCase()}   Ngay sinh: ${r.patient.birthDate}`,
    `Thoi gian: ${effective.slice(0, 16).replace('T', ' ')}`,
    `Dich vu: ${ascii(panel.service)}`,
    ...lines,
    `Ket luan: ${ascii(conclusion)}`,
  ]);
  out.binaries.push({ id: binaryId, contentType: 'application/pdf', data: pdf });
  out.observations.push(...obs);
  const serviceCode = ctx.hospital.serviceCodeByName.get(panel.service);
  out.reports.push({
    resourceType: 'DiagnosticReport',
    id: `kq-${++c.report}`,
    status: 'final',
    category: [{ coding: [{ system: FHIR_SYSTEMS.reportCategory, code: panel.category }] }],
    code: { ...(serviceCode ? { coding: [{ system: HIS_CODE_SYSTEMS.service, code: serviceCode, display: panel.service }] } : {}), text: panel.service },
    subject: r.subject,
    encounter: r.encounterRef,
    effectiveDateTime: effective,
    issued,
    performer: [{ reference: `Organization/${deptId(panel.performer === 'KTM' ? r.dept : panel.performer)}` }],
    result: obs.map((o) => ({ reference: `Observation/${o.id}` })),
    conclusion,
    presentedForm: [
      {
        contentType: 'application/pdf',
        language: 'vi',
        url: `Binary/${binaryId}`,
        size: pdf.length,
        title: `Phiếu kết quả – ${panel.service}.pdf`,
        creation: issued,
      },
    ],
  });
}

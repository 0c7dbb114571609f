import type {
  ChargeItemDefinition,
  Condition,
  DiagnosticReport,
  Encounter,
  Identifier,
  Location,
  MedicationRequest,
  Observation,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
} from '@medplum/fhirtypes';
import { FHIR_EXTENSIONS, FHIR_SYSTEMS, HIS_CODE_SYSTEMS, REPORT_CATEGORY_KIND } from '@portal/shared/rules/fhir-systems';
import type { PriceEntryRow } from '../../db/schema/catalog';

/**
 * FHIR R4 resources of a HIS → the portal's rows (docs/his-fhir.md). Pure functions: each answers the row, or the
 * Vietnamese reason the resource is skipped (another hospital's) or refused (it cannot be applied as it is).
 */
export type Converted<T> = { ok: true; value: T } | { ok: false; skip: boolean; reason: string };
const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const refuse = (reason: string): Converted<never> => ({ ok: false, skip: false, reason });
const skip = (reason: string): Converted<never> => ({ ok: false, skip: true, reason });
export const OTHER_HOSPITAL = 'Thuộc bệnh viện khác trong HIS';

export const identifierOf = (ids: Identifier[] | undefined, system: string): string | null =>
  ids?.find((i) => i.system === system && i.value?.trim())?.value?.trim() ?? null;
export const refId = (ref: Reference | undefined, type: string): string | null => {
  const r = ref?.reference ?? '';
  return r.startsWith(`${type}/`) ? r.slice(type.length + 1) : null;
};

// ---------------------------------------------------------------- catalogue

export interface HisDepartment {
  ref: string;
  code: string;
  name: string;
  active: boolean;
}

export function departmentOf(org: Organization, hospitalId: string): Converted<HisDepartment> {
  if (refId(org.partOf, 'Organization') !== hospitalId) return skip(OTHER_HOSPITAL);
  const code = identifierOf(org.identifier, HIS_CODE_SYSTEMS.department);
  if (!code) return refuse('Khoa không có mã (identifier urn:his:department)');
  if (!org.name?.trim()) return refuse('Khoa không có tên');
  return ok({ ref: `Organization/${org.id}`, code, name: org.name.trim(), active: org.active !== false });
}

export interface HisRoom extends HisDepartment {
  /** The HIS department's reference. */
  departmentRef: string | null;
}

export function roomOf(loc: Location, departmentRefs: ReadonlySet<string>): Converted<HisRoom> {
  const dept = loc.managingOrganization?.reference ?? null;
  if (!dept || !departmentRefs.has(dept)) return skip(OTHER_HOSPITAL);
  const code = identifierOf(loc.identifier, HIS_CODE_SYSTEMS.room);
  if (!code) return refuse('Phòng không có mã (identifier urn:his:room)');
  if (!loc.name?.trim()) return refuse('Phòng không có tên');
  return ok({ ref: `Location/${loc.id}`, code, name: loc.name.trim(), active: loc.status !== 'inactive', departmentRef: dept });
}

export interface HisDoctor extends HisDepartment {
  gender: 'MALE' | 'FEMALE' | null;
  academicTitle: 'GS' | 'PGS' | null;
  degree: string;
  /** The HIS department of the doctor's first role in this hospital. */
  departmentRef: string | null;
}

/** "PGS.TS.BS." → { academicTitle: PGS, degree: TS }; "BSCKII." → { null, BSCKII }. */
export function titleOf(prefix: string | undefined): { academicTitle: 'GS' | 'PGS' | null; degree: string } {
  const parts = (prefix ?? '')
    .toUpperCase()
    .split(/[.\s]+/)
    .filter(Boolean);
  const academicTitle = parts.includes('GS') ? 'GS' : parts.includes('PGS') ? 'PGS' : null;
  const degree = (['TS', 'THS', 'BSCKII', 'BSCKI', 'BSNT'] as const).find((d) => parts.includes(d)) ?? 'BS';
  return { academicTitle, degree };
}

export function doctorOf(p: Practitioner, roles: readonly PractitionerRole[], departmentRefs: ReadonlySet<string>): Converted<HisDoctor> {
  const own = roles.filter((r) => refId(r.practitioner, 'Practitioner') === p.id);
  const inHospital = own.filter((r) => r.organization?.reference && departmentRefs.has(r.organization.reference));
  if (own.length > 0 && inHospital.length === 0) return skip(OTHER_HOSPITAL);
  const code = identifierOf(p.identifier, HIS_CODE_SYSTEMS.doctor);
  if (!code) return refuse('Bác sĩ không có mã (identifier urn:his:doctor)');
  const name = p.name?.[0];
  const full = (name?.text ?? [name?.family, ...(name?.given ?? [])].filter(Boolean).join(' ')).trim();
  if (!full) return refuse('Bác sĩ không có họ tên');
  const gender = p.gender === 'male' ? 'MALE' : p.gender === 'female' ? 'FEMALE' : null;
  return ok({
    ref: `Practitioner/${p.id}`,
    code,
    name: full,
    active: p.active !== false,
    gender,
    ...titleOf(name?.prefix?.join('.')),
    departmentRef: inHospital[0]?.organization?.reference ?? null,
  });
}

export interface HisService {
  ref: string;
  code: string;
  name: string;
  active: boolean;
  typeValue: number;
  typeName: string;
  price: number;
  insurancePrice: number | null;
  priceEntries: PriceEntryRow[];
}

const VND_MAX = 10_000_000_000;

/**
 * A ChargeItemDefinition → a service of the price list. `departmentId` resolves a HIS department code of a price
 * entry to the portal's department id (null = not mapped). A HIS department id given as digits (the spec's
 * khoaChiDinhId, e.g. 1000102 the high-quality clinic) is kept as it is.
 */
export function serviceOf(cid: ChargeItemDefinition, hospitalId: string, departmentId: (code: string) => number | null): Converted<HisService> {
  const venue = cid.useContext?.find((u) => u.code?.code === 'venue')?.valueReference;
  if (refId(venue, 'Organization') !== hospitalId) return skip(OTHER_HOSPITAL);
  const code = identifierOf(cid.identifier, HIS_CODE_SYSTEMS.service);
  if (!code) return refuse('Dịch vụ không có mã (identifier urn:his:service)');
  const name = cid.title?.trim();
  if (!name) return refuse('Dịch vụ không có tên (title)');
  const type = cid.useContext?.find((u) => u.code?.code === 'focus')?.valueCodeableConcept?.coding?.find((c) => c.system === HIS_CODE_SYSTEMS.serviceType);
  const typeValue = Number(type?.code);
  if (!type || !Number.isInteger(typeValue)) return refuse('Dịch vụ không có loại dịch vụ (useContext focus urn:his:service-type)');

  let price: number | null = null;
  let insurancePrice: number | null = null;
  const priceEntries: PriceEntryRow[] = [];
  for (const group of cid.propertyGroup ?? []) {
    for (const pc of group.priceComponent ?? []) {
      const kind = pc.code?.coding?.find((c) => c.system === HIS_CODE_SYSTEMS.priceKind)?.code;
      if (!kind) continue;
      const amount = pc.amount;
      if (amount?.currency !== 'VND') return refuse('Giá không có đơn vị tiền tệ VND');
      const value = amount.value;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > VND_MAX) return refuse(`Giá không hợp lệ: ${String(value)}`);
      if (kind === 'standard') price = value;
      else if (kind === 'insurance') insurancePrice = value;
      else if (kind === 'department') {
        const ext = pc.extension?.find((e) => e.url === FHIR_EXTENSIONS.departmentPrice);
        const dept = ext?.extension?.find((e) => e.url === 'department')?.valueIdentifier?.value?.trim();
        const until = ext?.extension?.find((e) => e.url === 'until')?.valueDate ?? null;
        // no department: a price of the whole facility (khoaChiDinhId null in the spec's dsGiaDichVu)
        const id = dept ? (departmentId(dept) ?? (/^\d{1,9}$/.test(dept) ? Number(dept) : null)) : null;
        if (dept && id === null) return refuse(`Khoa ${dept} của giá theo khoa chưa được ánh xạ`);
        priceEntries.push({ khoaChiDinhId: id, donGiaDichVu: value, denNgay: until });
      }
    }
  }
  if (price === null) return refuse('Dịch vụ không có giá niêm yết (standard)');
  return ok({
    ref: `ChargeItemDefinition/${cid.id}`,
    code,
    name,
    active: cid.status === 'active',
    typeValue,
    typeName: type.display?.trim() || `Loại ${typeValue}`,
    price,
    insurancePrice,
    priceEntries,
  });
}

/** Codes present more than once in a catalogue: every one of them is skipped (the portal never guesses which is right). */
export function duplicateCodes(codes: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const c of codes.map((x) => x.toLowerCase())) (seen.has(c) ? twice : seen).add(c);
  return twice;
}

// ---------------------------------------------------------------- patients

export interface HisPatientSummary {
  hisId: string;
  name: string;
  gender: string | null;
  birthDate: string | null;
  phone: string | null;
  address: string | null;
  patientCode: string | null;
  cccd: string | null;
  bhyt: string | null;
}

export function patientOf(p: Patient, patientCodeSystem: string): HisPatientSummary {
  const name = p.name?.[0];
  return {
    hisId: p.id ?? '',
    name: (name?.text ?? [name?.family, ...(name?.given ?? [])].filter(Boolean).join(' ')).trim() || '(không tên)',
    gender: p.gender === 'male' ? 'Nam' : p.gender === 'female' ? 'Nữ' : null,
    birthDate: p.birthDate ?? null,
    phone: p.telecom?.find((t) => t.system === 'phone')?.value ?? null,
    address: p.address?.[0]?.text ?? null,
    patientCode: identifierOf(p.identifier, patientCodeSystem),
    cccd: identifierOf(p.identifier, FHIR_SYSTEMS.cccd),
    bhyt: identifierOf(p.identifier, FHIR_SYSTEMS.bhyt),
  };
}

export interface HisVisit {
  ref: string;
  encounterCode: string;
  visitedAt: string;
  departmentName: string;
  doctorName: string | null;
  reason: string | null;
  icdCode: string | null;
  diagnosis: string | null;
  conclusion: string | null;
}

export interface HisPrescriptionLine {
  drugName: string;
  activeIngredient: string | null;
  dose: string;
  quantity: number;
  unit: string;
  usage: string;
  days: number | null;
}

export interface HisDiagnosticLine {
  kind: 'XN' | 'CDHA' | 'TDCN';
  serviceName: string;
  result: string;
  unit: string | null;
  referenceRange: string | null;
  abnormal: boolean;
  conclusion: string | null;
  performedAt: string;
}

/**
 * An encounter with its conditions → a visit. `names` gives the display of a referenced department or doctor (from
 * the Bundle or the portal's maps).
 */
export function visitOf(e: Encounter, conditions: readonly Condition[], names: (ref: string) => string | null): Converted<HisVisit> {
  const code = identifierOf(e.identifier, HIS_CODE_SYSTEMS.encounter) ?? e.id ?? null;
  if (!code) return refuse('Lượt khám không có mã');
  const start = e.period?.start;
  if (!start || Number.isNaN(Date.parse(start))) return refuse('Lượt khám không có thời gian bắt đầu');
  const own = conditions.filter((c) => refId(c.encounter, 'Encounter') === e.id);
  const main = own[0];
  const icd = main?.code?.coding?.find((c) => c.system === FHIR_SYSTEMS.icd10);
  const dept = e.serviceProvider?.reference;
  const doctor = e.participant?.find((p) => p.individual?.reference?.startsWith('Practitioner/'))?.individual;
  return ok({
    ref: `Encounter/${e.id}`,
    encounterCode: code,
    visitedAt: new Date(start).toISOString(),
    departmentName: (dept ? names(dept) : null) ?? e.serviceProvider?.display ?? 'Khoa khám bệnh',
    doctorName: doctor ? (doctor.display ?? names(doctor.reference ?? '')) : null,
    reason: e.reasonCode?.[0]?.text ?? null,
    icdCode: icd?.code ?? null,
    diagnosis:
      own
        .map((c) => c.code?.coding?.find((x) => x.system === FHIR_SYSTEMS.icd10)?.display ?? c.code?.text)
        .filter(Boolean)
        .join('; ') || null,
    conclusion: main?.note?.[0]?.text ?? null,
  });
}

export function prescriptionOf(m: MedicationRequest): Converted<HisPrescriptionLine> {
  const drug = m.medicationCodeableConcept?.text ?? m.medicationCodeableConcept?.coding?.[0]?.display;
  if (!drug) return refuse('Đơn thuốc không có tên thuốc');
  const dosage = m.dosageInstruction?.[0];
  const strength = dosage?.doseAndRate?.[0]?.doseQuantity;
  const qty = m.dispenseRequest?.quantity;
  return ok({
    drugName: drug,
    activeIngredient: m.medicationCodeableConcept?.coding?.[0]?.display ?? null,
    dose: strength ? `${strength.value ?? ''} ${strength.unit ?? ''}`.trim() : '',
    quantity: Math.max(0, Math.round(qty?.value ?? 0)),
    unit: qty?.unit ?? '',
    usage: dosage?.text ?? '',
    days: m.dispenseRequest?.expectedSupplyDuration?.value ?? null,
  });
}

/** A report → one diagnostic line per result (Observation), or one line with the conclusion when it has none. */
export function diagnosticsOf(r: DiagnosticReport, observations: ReadonlyMap<string, Observation>): Converted<HisDiagnosticLine[]> {
  const serviceName = r.code?.text ?? r.code?.coding?.[0]?.display;
  if (!serviceName) return refuse('Kết quả không có tên dịch vụ');
  const at = r.effectiveDateTime ?? r.issued;
  if (!at || Number.isNaN(Date.parse(at))) return refuse('Kết quả không có thời gian thực hiện');
  const category = r.category?.flatMap((c) => c.coding ?? []).find((c) => c.code && REPORT_CATEGORY_KIND[c.code])?.code;
  const kind = category ? REPORT_CATEGORY_KIND[category] : 'TDCN';
  const performedAt = new Date(at).toISOString();
  const lines: HisDiagnosticLine[] = [];
  for (const ref of r.result ?? []) {
    const o = observations.get(ref.reference ?? '');
    if (!o) continue;
    const q = o.valueQuantity;
    const interp = o.interpretation?.flatMap((i) => i.coding ?? []).map((c) => c.code) ?? [];
    lines.push({
      kind,
      serviceName: o.code?.text ?? o.code?.coding?.[0]?.display ?? serviceName,
      // a number as Vietnamese write it (8,2), like the reference ranges beside it
      result: q ? String(q.value ?? '').replace('.', ',') : (o.valueString ?? ''),
      unit: q?.unit ?? null,
      referenceRange: o.referenceRange?.[0]?.text ?? null,
      abnormal: interp.some((c) => c === 'H' || c === 'L' || c === 'A' || c === 'HH' || c === 'LL'),
      conclusion: null,
      performedAt,
    });
  }
  if (lines.length === 0)
    lines.push({
      kind,
      serviceName,
      result: r.conclusion ?? '',
      unit: null,
      referenceRange: null,
      abnormal: false,
      conclusion: r.conclusion ?? null,
      performedAt,
    });
  else lines[lines.length - 1].conclusion = r.conclusion ?? null;
  return ok(lines);
}

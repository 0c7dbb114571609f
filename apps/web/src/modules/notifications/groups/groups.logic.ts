import { CLINIC_PROGRAM_LABELS } from '@portal/shared/rules/clinic-programs';
import type {
  AudienceFiltersDto,
  AudienceNames,
  DeliveryStatus,
  GroupBody,
  GroupDto,
  GroupStatus,
  LinkType,
} from '@portal/shared/contracts/notification-groups.contract';
import { GROUP_STATUSES } from '@portal/shared/contracts/notification-groups.contract';
import { fmt } from '@portal/shared/messages.vi';
import type { MessageKind } from '@portal/shared/rules/ad-window';
import { displayDateToIso, formatDate } from '@portal/shared/rules/format';
import { TG } from './groups.messages';

/** How often a sending group (its status, its recipients) is read again. */
export const POLL_MS = 3000;

export const GROUP_STATUS_COLOR: Record<GroupStatus, string | undefined> = {
  DRAFT: undefined,
  SCHEDULED: 'gold',
  SENDING: 'processing',
  SENT: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
export const DELIVERY_COLOR: Record<DeliveryStatus, string | undefined> = {
  QUEUED: undefined,
  SENDING: 'processing',
  SENT: 'blue',
  DELIVERED: 'success',
  OPENED: 'green',
  FAILED: 'error',
  SKIPPED: 'warning',
};

/** A scheduled group due within this time is re-read too (a group sent now is due at once). */
const DUE_SOON_MS = 10 * 60_000;
/** A group still on its way, or about to be: the screen re-reads it. */
export function groupPending(g: Pick<GroupDto, 'status' | 'scheduledAt'>, now = Date.now()): boolean {
  if (g.status === 'SENDING') return true;
  return g.status === 'SCHEDULED' && g.scheduledAt !== null && new Date(g.scheduledAt).getTime() - now < DUE_SOON_MS;
}

export interface Labeled {
  value: string;
  label: string;
}

/** The form's fields: dates as typed (DD/MM/YYYY), dropdowns with their labels. */
export interface GroupFormValues {
  title: string;
  content: string;
  imageUrl?: string | null;
  linkType: LinkType;
  linkValue?: string;
  kind: MessageKind;
  all: boolean;
  gender?: 'MALE' | 'FEMALE' | '';
  ageFrom?: number | null;
  ageTo?: number | null;
  province?: Labeled;
  ward?: Labeled;
  visitedDepartment?: Labeled;
  visitedSpecialty?: Labeled;
  visitedFrom?: string;
  visitedTo?: string;
  bookedFrom?: string;
  bookedTo?: string;
  patient?: Labeled;
  /** The private clinic's active members: 'ALL', one programme, or none (empty). */
  clinicProgram?: string;
}

const iso = (d: string | undefined) => (d ? (displayDateToIso(d) ?? d) : undefined);
const num = (v: number | null | undefined) => (v === null || v === undefined || Number.isNaN(v) ? undefined : v);

/**
 * The audience the form describes, as the contract takes it: nothing unset is sent; a period is sent when
 * either of its days is typed (the server names the missing one); "everyone" alone when it is ticked.
 */
export function audienceOf(v: Partial<GroupFormValues>): AudienceFiltersDto {
  if (v.all) return { all: true };
  const a: Record<string, unknown> = {};
  if (v.gender) a.gender = v.gender;
  if (num(v.ageFrom) !== undefined) a.ageFrom = num(v.ageFrom);
  if (num(v.ageTo) !== undefined) a.ageTo = num(v.ageTo);
  if (v.province?.value) a.provinceCode = v.province.value;
  if (v.ward?.value) a.wardCode = v.ward.value;
  if (v.visitedFrom || v.visitedTo || v.visitedDepartment || v.visitedSpecialty) {
    a.visited = {
      ...(v.visitedDepartment ? { departmentId: Number(v.visitedDepartment.value) } : {}),
      ...(v.visitedSpecialty ? { specialtyId: Number(v.visitedSpecialty.value) } : {}),
      from: iso(v.visitedFrom),
      to: iso(v.visitedTo),
    };
  }
  if (v.bookedFrom || v.bookedTo) a.booked = { from: iso(v.bookedFrom), to: iso(v.bookedTo) };
  if (v.patient?.value) a.userId = Number(v.patient.value);
  if (v.clinicProgram) a.clinic = v.clinicProgram === 'ALL' ? {} : { program: v.clinicProgram };
  return a as AudienceFiltersDto;
}

/** True when the audience is complete enough to be counted (the server checks the rest). */
export function countable(a: AudienceFiltersDto): boolean {
  if (a.all) return true;
  const keys = Object.keys(a);
  if (!keys.length) return false;
  const periodOk = (p?: { from?: string; to?: string }) => !p || (/^\d{4}-\d{2}-\d{2}$/.test(p.from ?? '') && /^\d{4}-\d{2}-\d{2}$/.test(p.to ?? ''));
  return periodOk(a.visited) && periodOk(a.booked);
}

export function bodyOf(v: GroupFormValues): GroupBody {
  const needsValue = v.linkType === 'NEWS' || v.linkType === 'BOOKING' || v.linkType === 'URL';
  return {
    title: v.title ?? '',
    content: v.content ?? '',
    imageUrl: v.imageUrl || null,
    link: { type: v.linkType, value: needsValue ? (v.linkValue ?? '').trim() : null },
    kind: v.kind,
    audience: audienceOf(v),
  };
}

/** The form's values of a stored group, the dropdowns labelled with the names the server gave. */
export function formValuesOf(g: GroupDto): GroupFormValues {
  const a = g.audience as AudienceFiltersDto;
  const n = g.audienceNames;
  const labeled = (v: string | number | undefined, label?: string) => (v === undefined ? undefined : { value: String(v), label: label ?? String(v) });
  return {
    title: g.title,
    content: g.content,
    imageUrl: g.imageUrl,
    linkType: g.link.type,
    linkValue: g.link.value ?? undefined,
    kind: g.kind,
    all: a.all === true,
    gender: a.gender ?? '',
    ageFrom: a.ageFrom ?? null,
    ageTo: a.ageTo ?? null,
    province: labeled(a.provinceCode, n.province),
    ward: labeled(a.wardCode, n.ward),
    visitedDepartment: labeled(a.visited?.departmentId, n.department),
    visitedSpecialty: labeled(a.visited?.specialtyId, n.specialty),
    visitedFrom: a.visited ? formatDate(a.visited.from) : undefined,
    visitedTo: a.visited ? formatDate(a.visited.to) : undefined,
    bookedFrom: a.booked ? formatDate(a.booked.from) : undefined,
    bookedTo: a.booked ? formatDate(a.booked.to) : undefined,
    patient: labeled(a.userId, n.patient),
    clinicProgram: a.clinic ? (a.clinic.program ?? 'ALL') : undefined,
  };
}

/** A line that says whom a group reaches, e.g. "Nữ, tuổi 20–40, Thành phố Hà Nội". */
export function audienceText(audience: Record<string, unknown>, names: AudienceNames = {}): string {
  const a = audience as AudienceFiltersDto;
  if (a.all) return TG.audienceText.all;
  const T = TG.audienceText;
  const parts: string[] = [];
  if (a.gender) parts.push(a.gender === 'MALE' ? TG.form.male : TG.form.female);
  if (a.ageFrom !== undefined && a.ageTo !== undefined) parts.push(fmt(T.ages, { from: a.ageFrom, to: a.ageTo }));
  else if (a.ageFrom !== undefined) parts.push(fmt(T.ageFrom, { from: a.ageFrom }));
  else if (a.ageTo !== undefined) parts.push(fmt(T.ageTo, { to: a.ageTo }));
  if (a.wardCode) parts.push(names.ward ?? fmt(T.ward, { code: a.wardCode }));
  if (a.provinceCode) parts.push(names.province ?? fmt(T.province, { code: a.provinceCode }));
  if (a.visited) {
    const where = [names.department, names.specialty].filter(Boolean).join(' · ');
    parts.push(`${fmt(T.visited, { from: formatDate(a.visited.from), to: formatDate(a.visited.to) })}${where ? ` (${where})` : ''}`);
  }
  if (a.booked) parts.push(fmt(T.booked, { from: formatDate(a.booked.from), to: formatDate(a.booked.to) }));
  if (a.userId) parts.push(names.patient ?? fmt(T.patient, { id: a.userId }));
  if (a.clinic) parts.push(a.clinic.program ? fmt(T.clinicProgram, { program: CLINIC_PROGRAM_LABELS[a.clinic.program] }) : T.clinic);
  const s = parts.join(', ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The list's filters in the URL: content, scheduleFrom, scheduleTo (YYYY-MM-DD), status, page (1-based), size. */
export interface ListFilters {
  content: string;
  scheduleFrom?: string;
  scheduleTo?: string;
  status?: GroupStatus;
  page: number;
  size: number;
}
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export function filtersFromParams(p: URLSearchParams): ListFilters {
  const status = p.get('status');
  const page = Number(p.get('page'));
  const size = Number(p.get('size'));
  const day = (k: string) => {
    const v = p.get(k);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  return {
    content: (p.get('content') ?? '').slice(0, 200),
    scheduleFrom: day('scheduleFrom'),
    scheduleTo: day('scheduleTo'),
    status: GROUP_STATUSES.find((s) => s === status),
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    size: [20, 50, 100].includes(size) ? size : 20,
  };
}
export function paramsOf(f: ListFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.content) p.set('content', f.content);
  if (f.scheduleFrom) p.set('scheduleFrom', f.scheduleFrom);
  if (f.scheduleTo) p.set('scheduleTo', f.scheduleTo);
  if (f.status) p.set('status', f.status);
  if (f.page > 0) p.set('page', String(f.page + 1));
  if (f.size !== 20) p.set('size', String(f.size));
  return p;
}
/** The list call's query. */
export function queryOf(f: ListFilters) {
  return {
    content: f.content || undefined,
    scheduleFrom: f.scheduleFrom,
    scheduleTo: f.scheduleTo,
    status: f.status,
    page: f.page,
    size: f.size,
  };
}

const FIELD_OF: Record<string, keyof GroupFormValues | 'scheduleAt'> = {
  title: 'title',
  content: 'content',
  imageUrl: 'imageUrl',
  kind: 'kind',
  'link.type': 'linkType',
  'link.value': 'linkValue',
  audience: 'all',
  'audience.all': 'all',
  'audience.gender': 'gender',
  'audience.ageFrom': 'ageFrom',
  'audience.ageTo': 'ageTo',
  'audience.provinceCode': 'province',
  'audience.wardCode': 'ward',
  'audience.visited.departmentId': 'visitedDepartment',
  'audience.visited.specialtyId': 'visitedSpecialty',
  'audience.visited.from': 'visitedFrom',
  'audience.visited.to': 'visitedTo',
  'audience.booked.from': 'bookedFrom',
  'audience.booked.to': 'bookedTo',
  'audience.userId': 'patient',
  scheduledAt: 'scheduleAt',
};
/** The form field a server field error belongs to (the audience box when unknown). */
export const formFieldOf = (serverField: string): keyof GroupFormValues | 'scheduleAt' => FIELD_OF[serverField] ?? 'all';

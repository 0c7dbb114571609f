import { LIST_DEFAULT_SIZE } from '@portal/shared/core/list-query';
import { CLINIC_PROGRAMS, type ClinicProgram } from '@portal/shared/rules/clinic-programs';
import { dayParam, oneOfParam, positiveParam, sizeParam } from '../../core/router/url-filters';

export const CLINIC_ROUTES = {
  members: '/admin/SHP/members',
  member: (id: number) => `/admin/SHP/members?member=${id}`,
  chat: '/admin/SHP/groups-chat',
  group: (id: number) => `/admin/SHP/groups-chat?group=${id}`,
  drug: (userId: number) => `/admin/SHP/drug/${userId}`,
};

export const PROGRAM_COLOR: Record<ClinicProgram, string> = { DIABETES: 'volcano', HYPERTENSION: 'red', PREGNANCY: 'magenta', ELDERLY: 'geekblue' };

export interface MemberFilters {
  q: string;
  program?: ClinicProgram;
  active?: boolean;
  doctorId?: number;
  /** YYYY-MM-DD */
  from?: string;
  to?: string;
  page: number;
  size: number;
}

/** The list's filters from the URL (a filtered list can be bookmarked, and Back returns to it). */
export function memberFiltersFromParams(p: URLSearchParams): MemberFilters {
  const active = p.get('active');
  return {
    q: p.get('q') ?? '',
    program: oneOfParam(p.get('program'), CLINIC_PROGRAMS),
    active: active === 'true' ? true : active === 'false' ? false : undefined,
    doctorId: positiveParam(p.get('doctorId')),
    from: dayParam(p.get('from')),
    to: dayParam(p.get('to')),
    page: positiveParam(p.get('page')) ?? 0,
    size: sizeParam(p.get('size')),
  };
}

/** The URL's parameters of `f` (defaults left out), keeping the open member (`?member=`). */
export function memberParamsOf(f: MemberFilters, member?: number): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.q) out.q = f.q;
  if (f.program) out.program = f.program;
  if (f.active !== undefined) out.active = String(f.active);
  if (f.doctorId) out.doctorId = String(f.doctorId);
  if (f.from) out.from = f.from;
  if (f.to) out.to = f.to;
  if (f.page) out.page = String(f.page);
  if (f.size !== LIST_DEFAULT_SIZE) out.size = String(f.size);
  if (member) out.member = String(member);
  return out;
}

/** The API query of the filters (undefined values left out). */
export function memberQueryOf(f: MemberFilters) {
  const { q, ...rest } = f;
  return Object.fromEntries(Object.entries({ ...rest, q: q || undefined }).filter(([, v]) => v !== undefined)) as Omit<MemberFilters, 'q'> & { q?: string };
}

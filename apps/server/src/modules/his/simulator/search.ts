import type { Bundle, BundleEntry, CodeableConcept, Identifier, Reference, Resource } from '@medplum/fhirtypes';
import { normalizeText } from '@portal/shared/rules/diacritics';
import type { SimulatorState } from './state';

/** A search the HIS refuses (400 OperationOutcome). */
export class SearchError extends Error {}

// biome-ignore lint/suspicious/noExplicitAny: reads fields of resources of any type by name
type Any = Record<string, any>;
type Match = (r: Any, value: string, modifier?: string) => boolean;

// ---- matching by parameter type ----

function tokenOfIdentifiers(ids: Identifier[] | undefined, value: string): boolean {
  const bar = value.indexOf('|');
  if (bar < 0) return (ids ?? []).some((i) => i.value === value);
  const system = value.slice(0, bar);
  const code = value.slice(bar + 1);
  return (ids ?? []).some((i) => (system === '' ? !i.system : i.system === system) && (code === '' || i.value === code));
}

function tokenOfConcepts(concepts: (CodeableConcept | undefined)[], value: string): boolean {
  const bar = value.indexOf('|');
  const system = bar < 0 ? null : value.slice(0, bar);
  const code = bar < 0 ? value : value.slice(bar + 1);
  return concepts.some((c) => c?.coding?.some((x) => (system === null || x.system === system) && (code === '' || x.code === code)));
}

function reference(ref: Reference | undefined, value: string, type: string): boolean {
  if (!ref?.reference) return false;
  const m = /(?:^|\/)([A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})$/.exec(value);
  const wanted = m ? `${m[1]}/${m[2]}` : `${type}/${value}`;
  return ref.reference === wanted || ref.reference.endsWith(`/${wanted}`);
}

/** Every word of the query starts a word of the text, diacritics and case aside ("nguyen van an" finds "Nguyễn Văn An"). */
function words(text: string | undefined, value: string, modifier?: string): boolean {
  const t = normalizeText(text);
  const q = normalizeText(value);
  if (modifier === 'exact') return text === value;
  if (modifier === 'contains') return t.includes(q);
  const have = t.split(' ');
  return q.split(' ').every((w) => have.some((h) => h.startsWith(w)));
}

const id: Match = (r, v) => r.id === v;
const identifier: Match = (r, v) => tokenOfIdentifiers(r.identifier, v);
const bool =
  (get: (r: Any) => boolean | undefined): Match =>
  (r, v) => {
    if (v !== 'true' && v !== 'false') throw new SearchError(`Giá trị không hợp lệ: ${v} (true hoặc false)`);
    return (get(r) ?? true) === (v === 'true');
  };
const code =
  (get: (r: Any) => string | undefined): Match =>
  (r, v) =>
    get(r) === v;
const ref =
  (type: string, get: (r: Any) => (Reference | undefined)[]): Match =>
  (r, v) =>
    get(r).some((x) => reference(x, v, type));
const subject: Match = ref('Patient', (r) => [r.subject]);
const encounter: Match = ref('Encounter', (r) => [r.encounter]);
const humanName: Match = (r, v, m) =>
  (r.name ?? []).some((n: Any) => words(n.text ?? [n.prefix?.join(' '), n.family, n.given?.join(' ')].filter(Boolean).join(' '), v, m));

/** The search parameters each type supports (docs/his-fhir.md), beside `_id`. */
export const SEARCH_PARAMS: Record<string, Record<string, Match>> = {
  Organization: {
    type: (r, v) => tokenOfConcepts(r.type ?? [], v),
    partof: ref('Organization', (r) => [r.partOf]),
    identifier,
    name: (r, v, m) => words(r.name, v, m),
    active: bool((r) => r.active),
  },
  Location: {
    organization: ref('Organization', (r) => [r.managingOrganization]),
    identifier,
    name: (r, v, m) => words(r.name, v, m),
    status: code((r) => r.status),
  },
  Practitioner: { identifier, name: humanName, active: bool((r) => r.active) },
  PractitionerRole: {
    practitioner: ref('Practitioner', (r) => [r.practitioner]),
    organization: ref('Organization', (r) => [r.organization]),
    location: ref('Location', (r) => r.location ?? []),
    active: bool((r) => r.active),
  },
  ChargeItemDefinition: {
    context: ref('Organization', (r) => (r.useContext ?? []).map((u: Any) => u.valueReference)),
    status: code((r) => r.status),
    identifier,
    title: (r, v, m) => words(r.title, v, m),
  },
  Patient: {
    identifier,
    name: humanName,
    birthdate: code((r) => r.birthDate),
    gender: code((r) => r.gender),
  },
  Encounter: { subject, patient: subject, identifier, status: code((r) => r.status) },
  Condition: { subject, patient: subject, encounter, code: (r, v) => tokenOfConcepts([r.code], v) },
  MedicationRequest: { subject, patient: subject, encounter, status: code((r) => r.status) },
  DiagnosticReport: { subject, patient: subject, encounter, category: (r, v) => tokenOfConcepts(r.category ?? [], v) },
  Observation: { subject, patient: subject, encounter },
  Appointment: {
    identifier,
    status: code((r) => r.status),
    patient: ref('Patient', (r) => (r.participant ?? []).map((p: Any) => p.actor)),
    location: ref('Location', (r) => (r.participant ?? []).map((p: Any) => p.actor)),
  },
};

export const SEARCHABLE_TYPES = Object.keys(SEARCH_PARAMS);

/** The date a `_sort=date` orders by. */
function dateOf(r: Any): string {
  return r.period?.start ?? r.effectiveDateTime ?? r.authoredOn ?? r.recordedDate ?? r.start ?? r.birthDate ?? '';
}

/** Includes served: `DiagnosticReport:result` (the results' Observations). */
const INCLUDES: Record<string, (r: Any) => Reference[]> = {
  'DiagnosticReport:result': (r) => r.result ?? [],
};

/** Parameters that shape the answer rather than filter it. `_format` and `_total` are accepted and ignored. */
const CONTROL = new Set(['_count', '_offset', '_sort', '_include', '_format', '_total']);

export interface Search {
  /** Every match, in order. */
  all: Resource[];
  offset: number;
  count: number;
  includes: string[];
  /** The query without `_offset` and `_count`, for the links. */
  rest: URLSearchParams;
}

function nonNegative(name: string, v: string | null, fallback: number): number {
  if (v === null) return fallback;
  if (!/^\d+$/.test(v)) throw new SearchError(`Giá trị không hợp lệ của ${name}: ${v}`);
  return Number(v);
}

/** Runs a search: filters (repeated parameters AND, comma-separated values OR) and sorts; the paging is read, not applied. */
export function runSearch(state: SimulatorState, type: string, query: URLSearchParams, pageSize: number): Search {
  const params = SEARCH_PARAMS[type];
  if (!params) throw new SearchError(`Không hỗ trợ tìm kiếm ${type}`);
  const filters: { match: Match; values: string[]; modifier?: string }[] = [];
  for (const [key, value] of query) {
    if (CONTROL.has(key)) continue;
    const [name, modifier] = key.split(':') as [string, string | undefined];
    const match = name === '_id' ? id : params[name];
    if (!match) throw new SearchError(`Tham số tìm kiếm không được hỗ trợ: ${key}`);
    if (modifier && !['exact', 'contains'].includes(modifier)) throw new SearchError(`Bổ ngữ không được hỗ trợ: ${key}`);
    if (value === '') throw new SearchError(`Tham số ${key} không có giá trị`);
    filters.push({ match, values: value.split(','), modifier });
  }
  const count = Math.min(500, nonNegative('_count', query.get('_count'), pageSize));
  const offset = nonNegative('_offset', query.get('_offset'), 0);
  let all = state.list(type as Resource['resourceType']).filter((r) => filters.every((f) => f.values.some((v) => f.match(r as Any, v, f.modifier))));
  const sort = query.get('_sort');
  if (sort) {
    if (!/^-?(date|_id)$/.test(sort)) throw new SearchError(`Không hỗ trợ sắp xếp theo ${sort}`);
    const desc = sort.startsWith('-') ? -1 : 1;
    const key = sort.endsWith('_id') ? (r: Any) => r.id as string : dateOf;
    all = [...all].sort((a, b) => desc * (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  }
  const includes = query.getAll('_include');
  for (const inc of includes) if (!INCLUDES[inc] || !inc.startsWith(`${type}:`)) throw new SearchError(`Không hỗ trợ _include=${inc}`);
  const rest = new URLSearchParams([...query].filter(([k]) => k !== '_offset' && k !== '_count'));
  return { all, offset, count, includes, rest };
}

/** The resources the page's `_include`s name, each once. */
export function included(state: SimulatorState, page: Resource[], includes: string[]): Resource[] {
  const out: Resource[] = [];
  const seen = new Set<string>();
  for (const inc of includes) {
    for (const r of page) {
      for (const x of INCLUDES[inc]!(r as Any)) {
        const [t, i] = (x.reference ?? '').split('/');
        const found = t && i ? state.get(t as Resource['resourceType'], i) : undefined;
        if (found && !seen.has(x.reference!)) {
          seen.add(x.reference!);
          out.push(found);
        }
      }
    }
  }
  return out;
}

export interface BundleParts {
  base: string;
  type: string;
  selfUrl: string;
  total: number;
  matches: Resource[];
  included: Resource[];
  search: Search;
  /** The following page's offset, or null at the end. */
  next: number | null;
}

export function searchsetBundle(p: BundleParts): Bundle {
  const link = (offset: number) => {
    const q = new URLSearchParams(p.search.rest);
    q.set('_count', String(p.search.count));
    q.set('_offset', String(offset));
    return `${p.base}/${p.type}?${q}`;
  };
  const entry = (resource: Resource, mode: 'match' | 'include'): BundleEntry => ({
    fullUrl: `${p.base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode },
  });
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    total: p.total,
    link: [{ relation: 'self', url: p.selfUrl }, ...(p.next !== null ? [{ relation: 'next', url: link(p.next) }] : [])],
    entry: [...p.matches.map((r) => entry(r, 'match')), ...p.included.map((r) => entry(r, 'include'))],
  };
}

import { BOOKING_SOURCE_LABELS, type BookingSource } from '@portal/shared/contracts/appointments.contract';
import { LOG_ACTION_LABELS, LOG_ENTITY_LABELS } from '@portal/shared/contracts/logs.contract';
import { formatVnd } from '@portal/shared/rules/format';
import { logChanges, type LogChange } from '@portal/shared/rules/audit-view';
import { BOOKING_STATUS_LABELS, type BookingStatus } from '@portal/shared/rules/booking-status';
import { presetPeriod, periodProblem, type Period } from '@portal/shared/rules/period';
import { FIELD_LABELS, TL } from './logs.messages';

/** What the logs screen keeps in its URL: the period, the filters and the page's keyset mark. */
export interface LogScreenState extends Period {
  actorId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  patientUserId?: number;
  /** Rows older than this id; absent on the newest page. */
  before?: number;
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const int = (v: string | null) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined);
const text = (v: string | null) => (v?.trim() ? v.trim() : undefined);

/** The state of a URL; a missing or impossible period falls back to the last 7 days. */
export function parseLogState(params: URLSearchParams, now = new Date()): LogScreenState {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const period = ISO.test(from) && ISO.test(to) && !periodProblem({ from, to }) ? { from, to } : presetPeriod('last7', now);
  return {
    ...period,
    actorId: int(params.get('actorId')),
    action: text(params.get('action')),
    entity: text(params.get('entity')),
    entityId: text(params.get('entityId')),
    patientUserId: int(params.get('patientUserId')),
    before: int(params.get('before')),
  };
}

/** The query string of a state (for the URL and for the API): only what is set. */
export function logQuery(s: LogScreenState): Record<string, string> {
  const out: Record<string, string> = { from: s.from, to: s.to };
  for (const k of ['actorId', 'action', 'entity', 'entityId', 'patientUserId', 'before'] as const) {
    const v = s[k];
    if (v !== undefined && v !== '') out[k] = String(v);
  }
  // an object id means nothing without its kind (the server refuses it)
  if (!s.entity) delete out.entityId;
  return out;
}

/** A change of filters goes back to the newest page. */
export function withLogFilters(s: LogScreenState, patch: Partial<LogScreenState>): LogScreenState {
  const next = { ...s, ...patch, before: undefined };
  if (!next.entity) next.entityId = undefined;
  return next;
}

export const actionOptions = Object.entries(LOG_ACTION_LABELS)
  .filter(([k]) => k === k.toUpperCase())
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'vi'));

export const entityOptions = Object.entries(LOG_ENTITY_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, 'vi'));

export const fieldLabel = (field: string) => (field === '' ? TL.columns.changes : (FIELD_LABELS[field] ?? field));

/** A value as the diff shows it: text as is, Có/Không, lists joined, objects as compact JSON; null as "(trống)". */
export function showValue(v: unknown, field = ''): string {
  if (v === null || v === undefined || v === '') return TL.empty;
  if (field === 'status' && typeof v === 'string' && v in BOOKING_STATUS_LABELS) return BOOKING_STATUS_LABELS[v as BookingStatus];
  if (field === 'source' && typeof v === 'string' && v in BOOKING_SOURCE_LABELS) return BOOKING_SOURCE_LABELS[v as BookingSource];
  if (field === 'totalPrice' && typeof v === 'number') return formatVnd(v);
  if (typeof v === 'boolean') return v ? 'Có' : 'Không';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(', ');
  return JSON.stringify(v);
}

/** The changed fields of a row, labelled, for the table's summary and the detail drawer. */
export function rowChanges(before: unknown, after: unknown): (LogChange & { label: string })[] {
  return logChanges(before, after).map((c) => ({ ...c, label: fieldLabel(c.field) }));
}

import { NOTIFICATION_CHANNELS, NOTIFICATION_SOURCES, NOTIFICATION_STATUSES } from '@portal/shared/contracts/notification-messages.contract';
import { MESSAGE_KINDS } from '@portal/shared/rules/ad-window';

/** The messages tab's filters as the URL and the list route take them (text values, absent = no filter). */
export interface MessageFilters {
  page?: number;
  size?: number;
  status?: string;
  channel?: string;
  source?: string;
  kind?: string;
  groupId?: string;
  patient?: string;
}

const PAGE_SIZES = [20, 50, 100];
const FILTER_KEYS = ['status', 'channel', 'source', 'kind', 'groupId', 'patient'] as const;
const ALLOWED: Partial<Record<(typeof FILTER_KEYS)[number], readonly string[]>> = {
  status: NOTIFICATION_STATUSES,
  channel: NOTIFICATION_CHANNELS,
  source: NOTIFICATION_SOURCES,
  kind: MESSAGE_KINDS,
};

/** The filters of a URL; a value the list would refuse (a stale or edited link) is dropped rather than shown as an error. */
export function parseMessageFilters(params: URLSearchParams): MessageFilters {
  const out: MessageFilters = {};
  const page = params.get('page') ?? '';
  if (/^\d{1,6}$/.test(page) && page !== '0') out.page = Number(page);
  const size = Number(params.get('size'));
  if (PAGE_SIZES.includes(size) && size !== 20) out.size = size;
  for (const k of FILTER_KEYS) {
    const v = (params.get(k) ?? '').trim();
    if (!v) continue;
    if (k === 'groupId' && !/^\d{1,9}$/.test(v)) continue;
    const allowed = ALLOWED[k];
    if (allowed && !allowed.includes(v)) continue;
    out[k] = k === 'patient' ? v.slice(0, 100) : v;
  }
  return out;
}

/** The URL of the filters (defaults left out). */
export function messageFiltersToParams(f: MessageFilters): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && !(k === 'page' && v === 0)) p.set(k, String(v));
  return p;
}

/** A change of filter goes back to the first page. */
export function withFilter(f: MessageFilters, patch: Partial<MessageFilters>): MessageFilters {
  const next: MessageFilters = { ...f, ...patch };
  delete next.page;
  for (const k of Object.keys(next) as (keyof MessageFilters)[]) if (next[k] === undefined || next[k] === '') delete next[k];
  return next;
}

/** The text with `{{name}}` put in place of the selection [start, end), and where the caret goes after it. */
export function insertVariable(text: string, start: number, end: number, name: string): { text: string; caret: number } {
  const a = Math.max(0, Math.min(start, text.length));
  const b = Math.max(a, Math.min(end, text.length));
  const token = `{{${name}}}`;
  return { text: text.slice(0, a) + token + text.slice(b), caret: a + token.length };
}

/** The channels with the one at `index` moved one place earlier (-1) or later (+1); unchanged at an end. */
export function moveChannel<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

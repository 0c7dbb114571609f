/**
 * The week of every doctor (or every room) as rows of a table, one column a day (issue 14 item 2):
 * 30 doctors' 170 periods in seven narrow columns made a 4,000 px page of cards whose names were cut.
 * A row names its doctor or room once, in full; its cards only say when and the other party.
 */

export type RosterBy = 'doctor' | 'room';

/** Rows a page of the roster shows: a week of 30 doctors is three pages. */
export const ROSTER_PAGE_SIZE = 10;

interface Period {
  id: number;
  date: string;
  startTime: string;
  doctor: { id: number; name: string };
  room: { id: number; name: string };
  department: { id: number; name: string };
}

export interface RosterRow<P extends Period> {
  /** The doctor's or room's id. */
  id: number;
  name: string;
  /** The department of the row's periods (a doctor's first one, when there are several). */
  department: string;
  /** The row's periods by date, each day in time order. */
  days: Record<string, P[]>;
}

const collator = new Intl.Collator('vi');

/**
 * One row per doctor (or room) with a period in `rows`, by department then name (so a department's
 * doctors stand together across the pages), each day's periods in time order.
 */
export function rosterRows<P extends Period>(rows: readonly P[], by: RosterBy): RosterRow<P>[] {
  const out = new Map<number, RosterRow<P>>();
  for (const p of rows) {
    const subject = p[by];
    let row = out.get(subject.id);
    if (!row) {
      row = { id: subject.id, name: subject.name, department: p.department.name, days: {} };
      out.set(subject.id, row);
    }
    const day = row.days[p.date] ?? [];
    day.push(p);
    row.days[p.date] = day;
  }
  for (const row of out.values()) {
    for (const list of Object.values(row.days)) list.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.id - b.id);
  }
  return [...out.values()].sort((a, b) => collator.compare(a.department, b.department) || collator.compare(a.name, b.name) || a.id - b.id);
}

/** The 1-based page of the URL (`page=2`), kept inside the pages there are. */
export function rosterPage(param: string | null, total: number, size = ROSTER_PAGE_SIZE): number {
  const pages = Math.max(1, Math.ceil(total / size));
  const n = /^\d{1,4}$/.test(param ?? '') ? Number(param) : 1;
  return Math.min(Math.max(1, n), pages);
}

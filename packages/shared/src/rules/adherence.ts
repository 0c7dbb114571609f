/**
 * Adherence of the private clinic's members (issue 20; docs/clinic-medicines.md): doses confirmed / doses due, where a
 * dose is due once its confirmation window has closed (confirmed, or marked missed after CLINIC_DOSE_MISSED_MINUTES).
 * A dose still waiting for its confirmation counts for neither side: a member reminded five minutes ago is not 0 %.
 */

export interface DoseCounts {
  /** Confirmed in the app. */
  taken: number;
  /** Not confirmed within the delay. */
  missed: number;
}

/** The default threshold under which a member is highlighted (settings CLINIC_ADHERENCE_THRESHOLD). */
export const ADHERENCE_THRESHOLD_DEFAULT = 80;
/** The default delay after which an unconfirmed dose is missed (settings CLINIC_DOSE_MISSED_MINUTES). */
export const DOSE_MISSED_MINUTES_DEFAULT = 120;

const count = (n: number, name: string) => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`${name} must be a whole number ≥ 0`);
  return n;
};

/** taken / (taken + missed) in percent with one decimal (66.7), or null when no dose was due (nothing to judge). */
export function adherencePercent(c: DoseCounts): number | null {
  const taken = count(c.taken, 'taken');
  const due = taken + count(c.missed, 'missed');
  if (due === 0) return null;
  return Math.round((taken * 1000) / due) / 10;
}

/**
 * Below the threshold: strictly less, compared on the exact ratio, not on the rounded figure (79.96 % shows as
 * 80.0 % but is below 80). A member with no dose due is never below.
 */
export function isBelowThreshold(c: DoseCounts, thresholdPercent: number): boolean {
  const due = c.taken + c.missed;
  if (due === 0) return false;
  return c.taken * 100 < thresholdPercent * due;
}

/** The counts of a group (a programme, a day): the sum of its members' doses, so adherence weighs every dose alike. */
export function sumCounts(list: readonly DoseCounts[]): DoseCounts {
  return list.reduce((a, c) => ({ taken: a.taken + c.taken, missed: a.missed + c.missed }), { taken: 0, missed: 0 });
}

/** "66,7 %" or "—" (no dose due). */
export function formatAdherence(percent: number | null): string {
  if (percent === null) return '—';
  return `${percent.toLocaleString('vi-VN', { minimumFractionDigits: percent % 1 === 0 ? 0 : 1, maximumFractionDigits: 1 })} %`;
}

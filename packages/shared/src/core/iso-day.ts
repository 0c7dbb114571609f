import { z } from 'zod';
import { ISO_DATE_RE, isIsoDate } from './define-resource';

/**
 * A calendar day on the wire, `YYYY-MM-DD`, that exists: `2024-02-30` matches the pattern but is
 * refused here with a Vietnamese 400 (PostgreSQL would refuse it later with a 500). The length is
 * checked first and stops the rest; the pattern is linear.
 */
export function isoDay(label = 'Ngày') {
  const invalid = `${label} không hợp lệ (YYYY-MM-DD)`;
  return z
    .string({ message: `${label} không hợp lệ` })
    .max(10, { message: invalid, abort: true })
    .regex(ISO_DATE_RE, { message: invalid, abort: true })
    .refine(isIsoDate, { error: (iss) => impossible(label, String(iss.input)) });
}

/** `2024-02-30` → "… không có ngày 30/02/2024 trong lịch"; a year before 1900 is simply invalid. */
function impossible(label: string, iso: string): string {
  const [y, m, d] = iso.split('-');
  if (Number(y) < 1900) return `${label} không hợp lệ`;
  return `${label} không hợp lệ: không có ngày ${d}/${m}/${y} trong lịch`;
}

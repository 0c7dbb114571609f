/**
 * Where to handle one listed booking ("DK… · patient · HH:mm DD/MM/YYYY"): the booking list of its day
 * searched by its code, where it can be opened, rescheduled or cancelled; null if the text is not such a line.
 */
export function affectedBookingLink(line: string): string | null {
  const m = /^(DK\d+) · .* (\d{2})\/(\d{2})\/(\d{4})$/.exec(line);
  return m ? `/admin/quan-ly-dat-kham?date=${m[4]}-${m[3]}-${m[2]}&q=${m[1]}` : null;
}

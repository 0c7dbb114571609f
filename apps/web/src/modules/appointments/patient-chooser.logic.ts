/**
 * What the desk searched for before pressing "Bệnh nhân mới", as the new patient's first fields: a phone (digits,
 * spaces, dots, "+84") fills the phone, words fill the name; a code, a CCCD or anything else fills nothing.
 */
export function draftOfQuery(query: string): { fullName?: string; phone?: string } {
  const q = query.trim().replace(/\s+/g, ' ');
  if (q === '') return {};
  const compact = q.replace(/[\s.-]/g, '').replace(/^\+84/, '0');
  if (/^0\d{9}$/.test(compact)) return { phone: compact };
  if (/^[\p{L}' ]+$/u.test(q) && /\p{L}{2}/u.test(q)) return { fullName: q };
  return {};
}

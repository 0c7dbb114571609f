/** Up to two initials of a name ("Bệnh viện Đa khoa Hòa Bình" → "HB"), for a missing avatar. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]] : words.slice(-2);
  return picked.map((w) => w[0].toLocaleUpperCase('vi')).join('');
}

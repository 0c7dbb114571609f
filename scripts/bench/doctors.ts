/**
 * The doctor list (/admin/doctor) over 10,000 doctors of one facility on PostgreSQL: a page of 50
 * with a search, with a specialty filter (link table), and the select dropdown.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { normalizeText } from '../../packages/shared/src/rules/diacritics';
import { doctorDisplayName } from '../../packages/shared/src/rules/doctor-title';
import { freshPgDatabase, loginToken, startServer } from './server';

const FAMILY = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô', 'Dương', 'Lý'];
const MIDDLE = ['Văn', 'Thị', 'Hữu', 'Đức', 'Thanh', 'Minh', 'Ngọc', 'Quốc', 'Thu', 'Hoài'];
const GIVEN = [
  'An',
  'Bình',
  'Chi',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hạnh',
  'Hùng',
  'Hương',
  'Khoa',
  'Lan',
  'Long',
  'Mai',
  'Minh',
  'Nam',
  'Nga',
  'Phúc',
  'Quân',
  'Sơn',
  'Tâm',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
];
const DEGREES = ['TS', 'THS', 'BSCKII', 'BSCKI', 'BSNT', 'BS'];

/** Deterministic pseudo-random numbers (mulberry32), so runs are comparable. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function doctorsBench(port: number, count = 10_000): Promise<string> {
  const db = await freshPgDatabase('doctors');
  try {
    const s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: '10' }, port); // seeds the demo hospital
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const [{ id: facilityId }] = (await client.query(`SELECT id FROM facilities WHERE code = 'BVDK-AP'`)).rows;
    const depts = (await client.query('SELECT id FROM departments WHERE facility_id = $1 ORDER BY id', [facilityId])).rows.map((r) => r.id as number);
    const specs = (await client.query('SELECT id FROM specialties WHERE facility_id = $1 ORDER BY id', [facilityId])).rows.map((r) => r.id as number);
    const rooms = (await client.query('SELECT id FROM rooms WHERE facility_id = $1 ORDER BY id', [facilityId])).rows.map((r) => r.id as number);
    const rand = rng(42);
    const any = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    for (let start = 0; start < count; start += 1000) {
      const n = Math.min(1000, count - start);
      const rows = Array.from({ length: n }, (_, k) => {
        const i = start + k;
        const name = `${any(FAMILY)} ${any(MIDDLE)} ${any(GIVEN)}`;
        const degree = any(DEGREES);
        const code = `BM${String(i).padStart(5, '0')}`;
        return { code, name, degree, dept: any(depts), search: normalizeText(`${code} ${doctorDisplayName({ name, degree })}`) };
      });
      const ids = (
        await client.query(
          `INSERT INTO doctors (facility_id, code, name, gender, degree, department_id, search_text)
           SELECT $1, c, n, 'MALE', d, dep, st FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[]) AS t(c, n, d, dep, st) RETURNING id`,
          [facilityId, rows.map((r) => r.code), rows.map((r) => r.name), rows.map((r) => r.degree), rows.map((r) => r.dept), rows.map((r) => r.search)],
        )
      ).rows.map((r) => r.id as number);
      await client.query('INSERT INTO doctor_specialties (doctor_id, specialty_id) SELECT d, s FROM unnest($1::int[], $2::int[]) AS t(d, s)', [
        ids,
        ids.map(() => any(specs)),
      ]);
      await client.query('INSERT INTO doctor_rooms (doctor_id, room_id) SELECT d, r FROM unnest($1::int[], $2::int[]) AS t(d, r)', [
        ids,
        ids.map(() => any(rooms)),
      ]);
    }
    await client.query('ANALYZE doctors; ANALYZE doctor_specialties; ANALYZE doctor_rooms');
    await client.end();

    const headers = { authorization: `Bearer ${await loginToken(s.url, 'admin', 'Admin@123')}` };
    const cases = [
      { label: 'list, name words "hoang thi"', path: '/api/catalog/v1/doctors?page=0&size=50&q=hoang%20thi' },
      { label: 'list, specialty filter + "nguyen"', path: `/api/catalog/v1/doctors?page=0&size=50&specialtyId=${specs[1]}&q=nguyen` },
      { label: 'list, first page unfiltered', path: '/api/catalog/v1/doctors?page=0&size=50' },
      { label: 'select, "nguyen van"', path: '/api/catalog/v1/doctors/select?page=0&size=100&q=nguyen%20van' },
    ];
    const lines: string[] = [];
    for (const c of cases) {
      const url = `${s.url}${c.path}`;
      const total = ((await (await fetch(url, { headers })).json()) as { totalElements: number }).totalElements;
      await autocannon({ url, headers, connections: 1, duration: 2 });
      const one = await autocannon({ url, headers, connections: 1, duration: 5 });
      lines.push(`  ${c.label} (${total} matches): one client p50 ${one.latency.p50} ms, p99 ${one.latency.p99} ms`);
    }
    await s.stop();
    return `${count.toLocaleString('en')} doctors + the demo hospital's 30\n${lines.join('\n')}`;
  } finally {
    await db.drop();
  }
}

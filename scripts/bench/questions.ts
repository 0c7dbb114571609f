/**
 * The questions list (issue 19): the demo hospital on a fresh PostgreSQL database plus 200,000 questions
 * (BENCH_QUESTIONS_N) over two years, in every state, their text drawn from 40 titles and 30 symptom phrases; then the
 * moderators' list as the screen calls it — a status tab, a status tab with a search without diacritics (a common
 * phrase, a rare one), the overdue filter, the first page and the tenth. One client, then 10 connections.
 * Budget: a status filter with a text search over 200,000 questions, p50 < 20 ms.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { freshPgDatabase, loginToken, startServer } from './server';

const TITLES = [
  'Đau họng kéo dài',
  'Ho khan về đêm',
  'Đau đầu vùng thái dương',
  'Mất ngủ kéo dài',
  'Đau thượng vị sau ăn',
  'Men gan tăng cao',
  'Huyết áp lúc cao lúc thấp',
  'Hồi hộp, tim đập nhanh',
  'Đường huyết lúc đói cao',
  'Đau khớp gối khi leo cầu thang',
  'Axit uric cao',
  'Chậm kinh',
  'Mang thai 12 tuần cần khám gì',
  'Trẻ sốt cao, co giật',
  'Trẻ biếng ăn',
  'Mắt mờ khi nhìn xa',
  'Nổi mẩn ngứa toàn thân',
  'Chảy máu chân răng',
  'Mệt mỏi, sụt cân',
  'Nghẹt mũi, chảy mũi vàng',
  'Đau lưng khi ngồi lâu',
  'Tê bì chân tay',
  'Đau bụng dưới bên phải',
  'Tiêu chảy kéo dài',
  'Táo bón ở trẻ nhỏ',
  'Rụng tóc nhiều',
  'Ù tai một bên',
  'Khó thở khi gắng sức',
  'Đau ngực trái',
  'Sỏi thận có cần mổ',
  'Viêm xoang tái phát',
  'Dị ứng thời tiết',
  'Tiêm phòng cho trẻ 2 tháng',
  'Xét nghiệm mỡ máu',
  'Nội soi dạ dày có đau không',
  'Gan nhiễm mỡ độ 1',
  'Bướu giáp nhân',
  'Đau vai gáy',
  'Trĩ sau sinh',
  'Mụn trứng cá tuổi dậy thì',
];
const PHRASES = [
  'tôi bị đã hai tuần',
  'uống thuốc không đỡ',
  'có cần đi khám ngay không',
  'xin bác sĩ tư vấn',
  'kèm sốt nhẹ về chiều',
  'buổi sáng nặng hơn',
  'đã làm xét nghiệm máu',
  'kết quả siêu âm bình thường',
  'gia đình có người bị tương tự',
  'tôi đang cho con bú',
  'tôi có tiền sử dạ dày',
  'ăn uống kém',
  'ngủ không ngon giấc',
  'đau tăng khi vận động',
  'đi lại khó khăn',
  'có nên nội soi không',
  'tôi 45 tuổi',
  'bé nhà tôi 3 tuổi',
  'mẹ tôi 70 tuổi',
  'đã khám ở phòng khám tư',
  'bác sĩ kê kháng sinh 5 ngày',
  'không hút thuốc lá',
  'làm việc văn phòng',
  'thường xuyên thức khuya',
  'có nên tiêm vắc xin không',
  'cần kiêng ăn gì',
  'uống nhiều nước vẫn khát',
  'cân nặng giảm 3 kg',
  'đau âm ỉ',
  'thỉnh thoảng chóng mặt',
];

async function addQuestions(url: string, n: number): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const { rows } = await c.query<{ id: number }>(`SELECT facility_id AS id FROM accounts WHERE username = 'admin'`);
    const fid = rows[0]!.id;
    const { rows: users } = await c.query<{ id: number }>(`SELECT id FROM patient_users WHERE facility_id = $1 ORDER BY id LIMIT 2000`, [fid]);
    const { rows: sps } = await c.query<{ id: number }>(`SELECT id FROM specialties WHERE facility_id = $1 ORDER BY id`, [fid]);
    // ids grow with time, as real ones do: question i is asked (n - i) × (2 years / n) ago
    await c.query(
      `INSERT INTO questions (facility_id, patient_user_id, asker_name, asker_gender, asker_age, title, content, specialty_id, status, sensitive,
         answer_html, answered_at, search_text, created_at, updated_at)
       SELECT $1, ($2::int[])[1 + i % cardinality($2::int[])], 'Bệnh nhân ' || i, CASE WHEN i % 2 = 0 THEN 'FEMALE' ELSE 'MALE' END, 18 + i % 60,
         t.title, c.content, ($3::int[])[1 + i % cardinality($3::int[])], s.status, i % 23 = 0,
         CASE WHEN s.status IN ('ANSWERED', 'HIDDEN') THEN '<p>Trả lời</p>' END,
         CASE WHEN s.status IN ('ANSWERED', 'HIDDEN') THEN at + (2 + i % 70) * interval '1 hour' END,
         lower(unaccent_vi(t.title || ' ' || c.content)), at, at
       FROM generate_series(1, $4::int) i
       CROSS JOIN LATERAL (SELECT now() - ($4::int - i) * (interval '730 days' / $4::int) AS at) a
       CROSS JOIN LATERAL (SELECT ($5::text[])[1 + (i * 7) % cardinality($5::text[])] AS title) t
       CROSS JOIN LATERAL (SELECT ($6::text[])[1 + (i * 11) % cardinality($6::text[])] || ', ' || ($6::text[])[1 + (i * 13) % cardinality($6::text[])]
                              || '. ' || ($6::text[])[1 + (i * 17) % cardinality($6::text[])] || '?' AS content) c
       CROSS JOIN LATERAL (SELECT CASE WHEN i > $4::int - 300 THEN (ARRAY['NEW', 'NEW', 'ACCEPTED'])[1 + i % 3]
                                       WHEN i % 100 < 80 THEN 'ANSWERED' WHEN i % 100 < 90 THEN 'REJECTED'
                                       WHEN i % 100 < 95 THEN 'HIDDEN' WHEN i % 100 < 98 THEN 'ACCEPTED' ELSE 'NEW' END AS status) s`,
      [fid, users.map((u) => u.id), sps.map((s) => s.id), n, TITLES, PHRASES],
    );
    // what autovacuum does after a bulk insert: the visibility map lets the counts read the status index alone
    await c.query('VACUUM ANALYZE questions');
  } finally {
    await c.end();
  }
}

export async function questionsBench(port: number): Promise<string> {
  const n = Number(process.env.BENCH_QUESTIONS_N ?? 200_000);
  const db = await freshPgDatabase('questions');
  let s: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const first = await startServer({ DATABASE_URL: db.url }, port);
    await first.stop();
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    // the same normalisation as normalizeText (lower case, no diacritics, đ → d), for the generator only
    await c.query(`CREATE OR REPLACE FUNCTION unaccent_vi(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
      SELECT translate(lower(t), 'áàảãạăắằẳẵặâấầẩẫậéèẻẽẹêếềểễệíìỉĩịóòỏõọôốồổỗộơớờởỡợúùủũụưứừửữựýỳỷỹỵđ',
                                 'aaaaaaaaaaaaaaaaaeeeeeeeeeeeiiiiiooooooooooooooooouuuuuuuuuuuyyyyyd') $$`);
    await c.end();
    const t0 = performance.now();
    await addQuestions(db.url, n);
    const fill = ((performance.now() - t0) / 1000).toFixed(0);
    s = await startServer({ DATABASE_URL: db.url, DATABASE_POOL_SIZE: process.env.BENCH_POOL ?? '10' }, port);
    const token = await loginToken(s.url, 'admin', 'Admin@123');
    const L = '/api/his/v1/questions/filter';
    if (process.env.BENCH_KEEP === 'only') return `filled ${db.url}`;
    const cases: [string, string][] = [
      ['status tab "Đã trả lời", first page', `${L}?status=ANSWERED`],
      ['status "Đã trả lời" + search "dau hong" (1 title in 40)', `${L}?status=ANSWERED&q=dau%20hong`],
      ['status "Chờ duyệt" + search "dau hong"', `${L}?status=NEW&q=dau%20hong`],
      ['status "Đã trả lời" + search "tiem phong cho tre" (rare words together)', `${L}?status=ANSWERED&q=tiem%20phong%20cho%20tre`],
      ['status "Từ chối" + search "noi soi"', `${L}?status=REJECTED&q=noi%20soi`],
      ['search "kieng an gi", no status', `${L}?q=kieng%20an%20gi`],
      ['overdue', `${L}?overdue=true`],
      ['status "Đã trả lời", tenth page', `${L}?status=ANSWERED&page=9`],
      ["the list's status counts (its buttons)", '/api/his/v1/questions/statistics/status'],
      ['the statistics tab, all two years', '/api/his/v1/questions/statistics'],
    ];
    const lines = [`${n.toLocaleString('en')} questions over two years (filled in ${fill} s), PostgreSQL 15, pool ${process.env.BENCH_POOL ?? 10}`];
    const headers = { authorization: `Bearer ${token}` };
    for (const [label, path] of cases) {
      const url = `${s.url}${path}`;
      const one = await fetch(url, { headers });
      if (!one.ok) throw new Error(`${url}: ${one.status} ${await one.text()}`);
      const total = ((await one.json()) as { totalElements?: number }).totalElements;
      await autocannon({ url, headers, connections: 5, duration: 2 }); // warm-up
      const r1 = await autocannon({ url, headers, connections: 1, duration: 5 });
      const r10 = await autocannon({ url, headers, connections: 10, duration: 5 });
      if (r1.non2xx || r10.non2xx) throw new Error(`non-2xx answers from ${url}`);
      lines.push(
        `  ${label}${total === undefined ? '' : ` (${total.toLocaleString('en')} found)`}: one client p50 ${r1.latency.p50} ms, p99 ${r1.latency.p99} ms; 10 connections ${r10.requests.average.toFixed(0)} req/s, p50 ${r10.latency.p50} ms`,
      );
    }
    return lines.join('\n');
  } finally {
    if (s && s.proc.exitCode === null) await s.stop();
    // BENCH_KEEP=1 keeps the database to EXPLAIN its queries by hand
    if (process.env.BENCH_KEEP) console.log(`kept ${db.url}`);
    else await db.drop();
  }
}

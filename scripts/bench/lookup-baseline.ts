/**
 * The bare-`pg` baseline of the price-list lookup: the same SQL, the same JSON, no framework.
 * `npm run bench -- lookup` compares the server with it in the same run.
 * Usage: node --import tsx scripts/bench/lookup-baseline.ts <port> <database url>
 */
import http from 'node:http';
import pg from 'pg';
import { highQualityPrice } from '../../packages/shared/src/rules/high-quality-price';
import { normalizeText } from '../../packages/shared/src/rules/diacritics';

const [port, url] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const like = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

http
  .createServer(async (req, res) => {
    const q = new URL(req.url!, 'http://x').searchParams;
    const page = Number(q.get('page') ?? 0);
    const size = Number(q.get('size') ?? 50);
    const type = Number(q.get('type'));
    const words = normalizeText(q.get('name')).split(' ').filter(Boolean);
    const params: unknown[] = [Number(q.get('hospitalId') ?? 1), type, ...words.map(like), size, page * size];
    const where = ['facility_id = $1', 'active', 'type_value = $2', ...words.map((_, i) => `search_text LIKE $${i + 3}`)];
    const text = `SELECT id, code, name, price, insurance_price, type_value, price_entries, count(*) OVER() AS total
      FROM medical_services WHERE ${where.join(' AND ')}
      ORDER BY type_value, code LIMIT $${params.length - 1} OFFSET $${params.length}`;
    const r = await pool.query({ name: `base_${words.length}`, text, values: params });
    const total = r.rows.length ? Number(r.rows[0].total) : 0;
    const body = JSON.stringify({
      code: 0,
      data: r.rows.map((x) => ({
        id: x.id,
        ma: x.code,
        ten: x.name,
        donGiaDichVu: x.price,
        donGiaBaoHiem: x.insurance_price,
        donGiaChatLuongCao: highQualityPrice(x.price_entries),
        loaiDichVu: x.type_value,
        dsGiaDichVu: x.price_entries,
      })),
      totalElements: total,
      totalPage: Math.ceil(total / size),
      page,
      size,
    });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=60' });
    res.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));

import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MSG } from '@portal/shared/messages.vi';
import { keysetRows, streamWorkbook } from './excel-stream';

const columns = [
  { header: 'Mã', width: 12 },
  { header: 'Họ tên', width: 30 },
];

async function collect(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('a streamed workbook', () => {
  it('holds the title, the headers and the rows; an empty sheet says "Không có dữ liệu"', async () => {
    const file = await collect(
      streamWorkbook([
        { name: 'A', title: 'Danh sách', columns, rows: [['DK1', 'Nguyễn Văn An']] },
        { name: 'B', title: 'Trống', columns, rows: [] },
      ]),
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const values = (name: string) =>
      wb
        .getWorksheet(name)!
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
    expect(values('A')).toEqual([['Danh sách'], ['Mã', 'Họ tên'], ['DK1', 'Nguyễn Văn An']]);
    expect(values('B')).toEqual([['Trống'], ['Mã', 'Họ tên'], [MSG.noData]]);
  });

  it('reads its rows only as fast as the zip compresses them (memory stays flat)', async () => {
    // rows come faster than deflate takes them; without waiting on the zip entry's own buffer they
    // pile up there (≈ 45 MB of buffers for these 200,000 rows, against ≈ 7 MB)
    const N = 200_000;
    const base = process.memoryUsage().arrayBuffers;
    let peak = 0;
    async function* rows() {
      for (let i = 0; i < N; i++) {
        if (i % 1000 === 0) peak = Math.max(peak, process.memoryUsage().arrayBuffers - base);
        yield [`DK${String(i).padStart(10, '0')}`, `Nguyễn Văn An ${i} — khoa Nội tổng hợp, phòng 101, bác sĩ Trần Văn Bình`];
      }
    }
    const file = await collect(streamWorkbook([{ name: 'A', title: 'Danh sách', columns, rows: rows() }]));
    expect(file.length).toBeGreaterThan(1_000_000);
    expect(peak / 1e6).toBeLessThan(25);
  }, 60_000);
});

describe('keyset batches', () => {
  it('reads page after page from the last mark and stops after a short page', async () => {
    const data = Array.from({ length: 7 }, (_, i) => i + 1);
    const calls: (number | undefined)[] = [];
    const page = async (after: number | undefined) => {
      calls.push(after);
      return data.filter((x) => after === undefined || x > after).slice(0, 3);
    };
    const got: number[] = [];
    for await (const r of keysetRows(page, (r) => r, 3)) got.push(r);
    expect(got).toEqual(data);
    expect(calls).toEqual([undefined, 3, 6]);
  });
});

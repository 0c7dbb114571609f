import { PassThrough, type Readable, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { MSG } from '@portal/shared/messages.vi';

/** One sheet of a streamed workbook: a title row (what, which period, which filters), the headers, the rows. */
export interface StreamSheet {
  name: string;
  title: string;
  columns: { header: string; width: number; numFmt?: string }[];
  /** The rows, read while the file is written (an array, or batches read from the database). */
  rows: Iterable<unknown[]> | AsyncIterable<unknown[]>;
}

/**
 * Keyset batches of a long query: `page(after)` returns up to `size` rows after the mark (none = first),
 * `mark(row)` the mark of a row; stops after a short page or `max` rows. Each batch is read only when the
 * previous one has been written, so memory holds one batch.
 */
export async function* keysetRows<R, K>(page: (after: K | undefined) => Promise<R[]>, mark: (row: R) => K, size: number, max = Infinity): AsyncGenerator<R> {
  let after: K | undefined;
  let read = 0;
  for (;;) {
    const batch = await page(after);
    for (const r of batch.slice(0, size)) yield r;
    read += Math.min(batch.length, size);
    if (batch.length < size || read >= max || batch.length === 0) return;
    after = mark(batch[Math.min(batch.length, size) - 1]!);
  }
}

/** Resolves when `stream` emits 'drain', or when `out` closes (the client went away: nothing will drain). */
function drainOf(stream: Writable, out: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.once('drain', done);
    out.once('close', done);
  });
}

/** The zip entry's stream: archiver's readable-stream 2 PassThrough, which has no `writableNeedDrain` of its own. */
type ZipEntrySink = Writable & { _writableState?: { needDrain?: boolean } };

/**
 * Waits until the zip has taken what the sheet was given. ExcelJS's sheet stream (a StreamBuf) never
 * pushes back: it hands each 64 KB to the zip entry's deflate stream whether or not that stream's buffer
 * is full, so rows read faster than they are compressed pile up in memory (120 MB in that buffer, +155 MB
 * of resident memory for 300,000 rows, measured). So the writer waits on that deflate stream's own buffer, and on the outgoing stream's.
 */
async function zipCaughtUp(ws: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  const sheet = (ws as unknown as { stream?: { pipes?: ZipEntrySink[]; buffers?: unknown[] } }).stream;
  for (;;) {
    if (out.destroyed) return;
    const sink = sheet?.pipes?.[0];
    if (sink && (sink.writableNeedDrain ?? sink._writableState?.needDrain)) await drainOf(sink, out);
    else if (out.writableNeedDrain) await drainOf(out, out);
    // not yet piped: the zip is still writing the entries before this sheet
    else if (!sink && (sheet?.buffers?.length ?? 0) > 4) await new Promise((r) => setTimeout(r, 5));
    else return;
  }
}

/**
 * An .xlsx written while its rows are read (ExcelJS's streaming writer): rows go to the zip stream and out
 * to the client as they come, waiting for the zip and the socket to drain (`zipCaughtUp`), so memory
 * stays flat however long the export. A sheet without rows gets one "Không có dữ liệu" row under its headers. A failure while
 * streaming ends the download with an error (the headers are already sent).
 */
export function streamWorkbook(sheets: StreamSheet[]): Readable {
  const out = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  wb.creator = 'Cổng quản trị đặt khám';
  void (async () => {
    try {
      for (const s of sheets) {
        const ws = wb.addWorksheet(s.name);
        ws.columns = s.columns.map((c, i) => ({ key: `c${i}`, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
        const title = ws.addRow([s.title]);
        title.font = { bold: true, size: 13 };
        title.commit();
        const head = ws.addRow(s.columns.map((c) => c.header));
        head.font = { bold: true };
        head.commit();
        let written = 0;
        for await (const r of s.rows) {
          ws.addRow(r).commit();
          written += 1;
          await zipCaughtUp(ws, out);
        }
        if (written === 0) ws.addRow([MSG.noData]).commit();
        ws.commit();
      }
      await wb.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

/** Sends a streamed workbook (or any streamed file) as an attachment of its file name. */
export function sendStreamedFile(reply: FastifyReply, type: string, file: { stream: Readable; fileName: string }) {
  reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
  return reply.type(type).send(file.stream);
}

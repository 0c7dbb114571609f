import { SMS_MAX_PARTS, type SmsBatchDto, type SmsMessageDto } from '@portal/shared/contracts/sms.contract';
import { advertisingScheduleNotice, withAdvertisingLabel, type MessageKind } from '@portal/shared/rules/ad-window';
import { nonGsm7Characters, smsCost, smsSegments, smsText, type SmsSegments } from '@portal/shared/rules/sms';

/** What the composer shows under the text: the counts of the text as the server will send it. */
export interface MessageSummary {
  /** The text that goes out: trimmed, NFC, "[QC] " in front of an advertising one (sms.service.ts does the same). */
  sent: string;
  segments: SmsSegments;
  /** The characters that force UCS-2, each once. */
  forcing: string[];
  /** More parts than the server accepts (it refuses the batch). */
  tooLong: boolean;
}

export function messageSummary(content: string, kind: MessageKind): MessageSummary {
  const body = smsText(content.trim());
  // an empty text is empty whatever its kind: no "[QC] " alone counted as a part
  const sent = body === '' ? '' : kind === 'ADVERTISING' ? withAdvertisingLabel(body) : body;
  const segments = smsSegments(sent);
  return { sent, segments, forcing: nonGsm7Characters(sent), tooLong: segments.parts > SMS_MAX_PARTS };
}

/** parts × valid numbers × price of a part, or null while the price is unknown. */
export function costEstimate(parts: number, recipients: number, pricePerPart: number | undefined): number | null {
  return pricePerPart === undefined ? null : smsCost(parts, recipients, pricePerPart);
}

/** The notice of an advertising text composed now outside 07:00–22:00 (Vietnam time); null for care texts or within the hours. */
export function scheduleNotice(kind: MessageKind, now: Date): string | null {
  return kind === 'ADVERTISING' ? advertisingScheduleNotice(now) : null;
}

/** A batch still moving (the log polls while one is on the page). */
export const batchOpen = (b: Pick<SmsBatchDto, 'status'>) => b.status !== 'DONE';

/** A recipient whose state may still change without anyone acting (the drawer polls while one is shown). */
export const messagePending = (m: Pick<SmsMessageDto, 'status'>) => m.status === 'QUEUED' || m.status === 'SENDING' || m.status === 'SENT';

/** How often the log and the drawer re-read a batch that is still sending. */
export const POLL_MS = 2500;

/** One cell of a sheet as text: a number, a string, a rich text, a formula's result, a hyperlink's text. */
function cellText(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'object') {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return cellText(o.text);
    if (o.result !== undefined) return cellText(o.result);
  }
  return '';
}

/**
 * The rows of a sheet as the numbers box takes them: a row a line, its cells separated by tabs (as
 * when the rows are copied from Excel), so parsePhoneList reads every number of every column and a
 * text cell (a name, a heading) is named as not a number. A column stored as numbers lost its
 * leading 0: parsePhoneList puts it back.
 */
export function sheetText(rows: readonly (readonly unknown[])[]): string {
  return rows
    .map((cells) =>
      cells
        .map(cellText)
        .filter((t) => t.trim() !== '')
        .join('\t'),
    )
    .filter((line) => line !== '')
    .join('\n');
}

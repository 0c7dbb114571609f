/**
 * The pure rules of the waiting room's staff screens (issue 22): the console's keyboard and which of its
 * actions can run, the room a console opens on, the screen links' address and form, what a queue ticket
 * shows. No React and no browser here: queue.logic.test.ts covers them.
 */
import type { BookingRow } from '@portal/shared/contracts/appointments.contract';
import {
  type ConsoleState,
  type CreateScreenBody,
  DISPLAY_MAX_ROOMS,
  parseBookingQr,
  QUEUE_MESSAGES,
  type QueueTicket,
  type ScreenKind,
  type ScreenRow,
} from '@portal/shared/contracts/queue.contract';
import { fmt } from '@portal/shared/messages.vi';
import { formatDate, formatDateTime } from '@portal/shared/rules/format';
import { pad2, toInstant, vnParts } from '@portal/shared/rules/time';
import { TQ } from './queue.messages';

// ---- The room console ----

export const CONSOLE_ACTIONS = ['callNext', 'recall', 'skip', 'complete'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];

/**
 * The console's shortcuts: function keys, which no text field types and a nurse finds without looking
 * (one hand on the keyboard, the other on the patient's papers). F1 (help) and F5 (reload) stay the browser's.
 */
export const CONSOLE_KEYS: Record<ConsoleAction, string> = { callNext: 'F2', recall: 'F3', skip: 'F4', complete: 'F8' };

type KeyLike = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'altKey' | 'metaKey' | 'shiftKey' | 'repeat'>;

/** The action a key press asks for: the bare function key, once (a key held down does not call twice). */
export function consoleActionOfKey(e: KeyLike): ConsoleAction | null {
  if (e.ctrlKey || e.altKey || e.metaKey || e.shiftKey || e.repeat) return null;
  return CONSOLE_ACTIONS.find((a) => CONSOLE_KEYS[a] === e.key) ?? null;
}

/** "Gọi tiếp" needs someone waiting; the others act on the call of the moment. */
export function canRun(action: ConsoleAction, state: Pick<ConsoleState, 'current' | 'waiting'> | undefined): boolean {
  if (!state) return false;
  return action === 'callNext' ? state.waiting.length > 0 : state.current !== null;
}

/** The label of a console button with its shortcut: "Gọi tiếp (F2)". */
export const withKey = (label: string, action: ConsoleAction) => `${label} (${CONSOLE_KEYS[action]})`;

/** The room a console opens on: the one this account used last if it still has it, else its first. */
export function chooseRoom(rooms: readonly { id: number }[], remembered: number | null | undefined): number | null {
  if (rooms.length === 0) return null;
  return rooms.some((r) => r.id === remembered) ? remembered! : rooms[0]!.id;
}

/** The remembered rooms of the accounts that used this browser: user id → room id. */
export type RememberedRooms = Record<string, number>;

export function rememberedRoom(store: unknown, userId: number): number | null {
  if (!store || typeof store !== 'object') return null;
  const v = (store as Record<string, unknown>)[String(userId)];
  return typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null;
}

export function withRememberedRoom(store: unknown, userId: number, roomId: number): RememberedRooms {
  const base = store && typeof store === 'object' && !Array.isArray(store) ? (store as RememberedRooms) : {};
  return { ...base, [String(userId)]: roomId };
}

/** A time of today's queue, `HH:mm` in +07:00 ('' without one). */
export function clockTime(iso: string | null | undefined): string {
  const t = toInstant(iso);
  if (!t) return '';
  const p = vnParts(t);
  return `${pad2(p.hour)}:${pad2(p.minute)}`;
}

// ---- Screen links ----

/**
 * The link to open on the TV or tablet (and to put in its QR code), absolute: the server's link as it
 * gave it when it is absolute, else on this site's address. The token stays after '#'.
 */
export function screenLink(link: string, origin: string): string {
  try {
    return new URL(link, origin).href;
  } catch {
    return link;
  }
}

/** The create/edit dialog's values. */
export interface ScreenFormValues {
  kind: ScreenKind;
  name: string;
  roomIds: number[];
  volume: number;
  chime: boolean;
}

export const SCREEN_DEFAULTS: ScreenFormValues = { kind: 'DISPLAY', name: '', roomIds: [], volume: 80, chime: true };

export function screenFormValues(row: ScreenRow | null): ScreenFormValues {
  if (!row) return SCREEN_DEFAULTS;
  return { kind: row.kind, name: row.name, roomIds: row.rooms.map((r) => r.id), volume: row.volume, chime: row.chime };
}

/** What the dialog sends (the kind only on creation: a link keeps its kind). */
export function screenBody(v: ScreenFormValues): CreateScreenBody {
  return { kind: v.kind, name: v.name.trim(), roomIds: [...v.roomIds], volume: Math.round(v.volume), chime: v.chime };
}

/** A display shows 1 to DISPLAY_MAX_ROOMS rooms; a kiosk any (none = every room). Null when fine. */
export function roomsError(kind: ScreenKind, roomIds: readonly number[]): string | null {
  if (kind === 'KIOSK') return null;
  if (roomIds.length === 0) return QUEUE_MESSAGES.roomsRequired;
  if (roomIds.length > DISPLAY_MAX_ROOMS) return QUEUE_MESSAGES.tooManyRooms;
  return null;
}

/** "Đang dùng" links first, then by name, as the list shows them. */
export function sortScreens(rows: readonly ScreenRow[]): ScreenRow[] {
  return [...rows].sort((a, b) => (a.state === b.state ? a.name.localeCompare(b.name, 'vi') : a.state === 'ACTIVE' ? -1 : 1));
}

/** "Âm lượng 80 · Có chuông báo" for a display; a kiosk does not speak. */
export function soundText(row: Pick<ScreenRow, 'kind' | 'volume' | 'chime'>): string | null {
  if (row.kind !== 'DISPLAY') return null;
  return `${fmt(TQ.screens.volume, { volume: row.volume })} · ${row.chime ? TQ.screens.chimeOn : TQ.screens.chimeOff}`;
}

// ---- The queue ticket ----

/** What an 80 mm queue ticket prints (one component for the desk's walk-ins and the kiosk). */
export interface TicketView {
  facility: string;
  number: number;
  roomName: string;
  /** DD/MM/YYYY HH:mm. */
  at: string;
  code: string;
  priority: boolean;
  patientName?: string | null;
  doctorName?: string | null;
  /** Patients to be called before this one. */
  waitingAhead?: number | null;
}

/** The ticket of a booking just given its number at the desk (a walk-in, or a check-in). */
export function ticketOfBooking(
  b: Pick<BookingRow, 'queueNumber' | 'room' | 'code' | 'priority' | 'patient' | 'doctor' | 'createdAt'>,
  facility: string,
  at?: string,
): TicketView {
  return {
    facility,
    number: b.queueNumber ?? 0,
    roomName: b.room.name,
    at: formatDateTime(at ?? b.createdAt),
    code: b.code,
    priority: b.priority > 0,
    patientName: b.patient.name,
    doctorName: b.doctor.name,
  };
}

/** The ticket the kiosk prints from its check-in's answer. */
export function ticketOfQueueTicket(t: QueueTicket, facility: string): TicketView {
  return {
    facility,
    number: t.number,
    roomName: t.room.name,
    at: formatDateTime(t.checkedInAt),
    code: t.bookingCode,
    priority: t.priority,
    patientName: t.patientName,
    doctorName: t.doctorName,
    waitingAhead: t.waitingAhead,
  };
}

// ---- The booking's check-in QR ----

/**
 * The check-in QR of a booking detail ("DK…" + '.' + 16 hex digits) when it carries one the kiosk reads;
 * null otherwise (the field is new: an older server sends none).
 */
export function checkinQrOf(detail: { checkinQr?: string | null }): string | null {
  const qr = detail.checkinQr?.trim();
  return qr && parseBookingQr(qr) ? qr : null;
}

/** The booking confirmation's lines (label, value), in the order printed. */
export function confirmationLines(
  b: Pick<BookingRow, 'code' | 'date' | 'startTime' | 'endTime' | 'patient' | 'room' | 'doctor' | 'department'>,
): [string, string][] {
  const L = TQ.bookingQr;
  return [
    [L.code, b.code],
    [L.patient, b.patient.name],
    [L.date, formatDate(b.date)],
    [L.time, `${b.startTime}–${b.endTime}`],
    [L.room, b.room.name],
    [L.doctor, b.doctor.name],
    [L.department, b.department.name],
  ];
}

import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  DISPLAY_MAX_ROOMS,
  DISPLAY_PAGE,
  KIOSK_PAGE,
  QUEUE_MESSAGES,
  type CreateScreenBody,
  type CreatedScreen,
  type ScreenKind,
  type ScreenRow,
  type UpdateScreenBody,
} from '@portal/shared/contracts/queue.contract';
import { trimTrailingSlashes } from '@portal/shared/rules/paths';
import { audit } from '../../core/audit';
import type { Caller } from '../../core/caller';
import type { AppContext } from '../../core/context';
import type { Executor } from '../../core/db';
import { AppError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../core/errors';
import { iso, rows } from '../../core/sql';
import { findRooms } from './queue.repository';

/**
 * Links of calling screens and kiosks (issue 22, docs/waiting-room.md "Links"): made, listed, changed and revoked
 * by MANAGER_SETTING; opened by their token alone. The token (24 random bytes, base64url) is shown once; the
 * database keeps its SHA-256, so a copy of the database opens no screen. Every change is audited and published
 * (topic SCREEN_LIVE_TOPIC) so open screens follow it at once: a revoked one closes.
 */
export const SCREEN_LIVE_TOPIC = 'queue-screens';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

interface ScreenRecord {
  id: number;
  facilityId: number;
  kind: ScreenKind;
  name: string;
  roomIds: number[];
  volume: number;
  chime: boolean;
  tokenHint: string;
  createdAt: Date | string;
  createdBy: string | null;
  lastSeenAt: Date | string | null;
  revokedAt: Date | string | null;
  revokedBy: string | null;
}

const SCREEN_SELECT = sql`SELECT s.id, s.facility_id AS "facilityId", s.kind, s.name, s.room_ids AS "roomIds", s.volume, s.chime, s.token_hint AS "tokenHint",
  s.created_at AS "createdAt", c.name AS "createdBy", s.last_seen_at AS "lastSeenAt", s.revoked_at AS "revokedAt", r.name AS "revokedBy"
  FROM queue_screens s LEFT JOIN accounts c ON c.id = s.created_by LEFT JOIN accounts r ON r.id = s.revoked_by`;

async function toRows(ex: Executor, facilityId: number, found: ScreenRecord[]): Promise<ScreenRow[]> {
  const rooms = new Map((await findRooms(ex, facilityId, [...new Set(found.flatMap((s) => s.roomIds))])).map((r) => [r.id, r]));
  return found.map((s) => ({
    id: s.id,
    kind: s.kind,
    name: s.name,
    rooms: s.roomIds.flatMap((id) => rooms.get(id) ?? []),
    volume: s.volume,
    chime: s.chime,
    tokenHint: s.tokenHint,
    state: s.revokedAt ? 'REVOKED' : 'ACTIVE',
    createdAt: iso(s.createdAt)!,
    createdBy: s.createdBy,
    lastSeenAt: iso(s.lastSeenAt),
    revokedAt: iso(s.revokedAt),
    revokedBy: s.revokedBy,
  }));
}

export async function listScreens(ctx: AppContext, caller: Caller, q: { kind?: ScreenKind; state?: 'ACTIVE' | 'REVOKED' }): Promise<ScreenRow[]> {
  const db = ctx.database.db;
  const conds = [sql`s.facility_id = ${caller.facilityId}`];
  if (q.kind) conds.push(sql`s.kind = ${q.kind}`);
  if (q.state === 'ACTIVE') conds.push(sql`s.revoked_at IS NULL`);
  if (q.state === 'REVOKED') conds.push(sql`s.revoked_at IS NOT NULL`);
  const found = await rows<ScreenRecord>(
    db,
    sql`${SCREEN_SELECT} WHERE ${sql.join(conds, sql` AND `)} ORDER BY s.revoked_at IS NOT NULL, s.created_at DESC, s.id DESC`,
  );
  return toRows(db, caller.facilityId, found);
}

async function oneScreen(ex: Executor, facilityId: number, id: number): Promise<ScreenRow> {
  const found = await rows<ScreenRecord>(ex, sql`${SCREEN_SELECT} WHERE s.facility_id = ${facilityId} AND s.id = ${id}`);
  if (!found.length) throw notFound(QUEUE_MESSAGES.screenNotFound);
  return (await toRows(ex, facilityId, found))[0]!;
}

/** The rooms of a link: the facility's (404 otherwise), without repeats; a display needs 1–12. */
async function checkRooms(ex: Executor, facilityId: number, kind: ScreenKind, roomIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(roomIds)];
  if (kind === 'DISPLAY' && unique.length === 0) throw badRequest(QUEUE_MESSAGES.roomsRequired, [{ field: 'roomIds', message: QUEUE_MESSAGES.roomsRequired }]);
  if (kind === 'DISPLAY' && unique.length > DISPLAY_MAX_ROOMS)
    throw badRequest(QUEUE_MESSAGES.tooManyRooms, [{ field: 'roomIds', message: QUEUE_MESSAGES.tooManyRooms }]);
  if ((await findRooms(ex, facilityId, unique)).length !== unique.length) throw notFound(QUEUE_MESSAGES.roomNotFound);
  return unique;
}

/** The page a link opens, with its token after '#'. */
export const screenLink = (origin: string, kind: ScreenKind, token: string) =>
  `${trimTrailingSlashes(origin)}${kind === 'DISPLAY' ? DISPLAY_PAGE : KIOSK_PAGE}#${token}`;

export async function createScreen(ctx: AppContext, caller: Caller, body: CreateScreenBody, origin: string): Promise<CreatedScreen> {
  const token = randomBytes(24).toString('base64url');
  const id = await ctx.database.transaction(async (tx) => {
    const roomIds = await checkRooms(tx, caller.facilityId, body.kind, body.roomIds);
    const [r] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO queue_screens (facility_id, kind, name, token_hash, token_hint, room_ids, volume, chime, created_by)
          VALUES (${caller.facilityId}, ${body.kind}, ${body.name}, ${hashToken(token)}, ${token.slice(0, 6)}, ${sql.param(roomIds)}::int[], ${body.volume},
            ${body.chime}, ${caller.accountId}) RETURNING id`,
    );
    // the token is never written to the audit: only what the link is
    await audit(tx, caller, {
      action: 'QUEUE_SCREEN_CREATE',
      entity: 'queue_screen',
      entityId: r!.id,
      after: { kind: body.kind, name: body.name, roomIds, volume: body.volume, chime: body.chime },
    });
    return r!.id;
  });
  const row = await oneScreen(ctx.database.db, caller.facilityId, id);
  return { ...row, token, link: screenLink(origin, row.kind, token) };
}

export async function updateScreen(ctx: AppContext, caller: Caller, id: number, body: UpdateScreenBody): Promise<ScreenRow> {
  await ctx.database.transaction(async (tx) => {
    const before = await oneScreen(tx, caller.facilityId, id);
    if (before.state === 'REVOKED') throw conflict(QUEUE_MESSAGES.screenRevoked);
    const roomIds = await checkRooms(tx, caller.facilityId, before.kind, body.roomIds);
    await tx.execute(
      sql`UPDATE queue_screens SET name = ${body.name}, room_ids = ${sql.param(roomIds)}::int[], volume = ${body.volume}, chime = ${body.chime}, updated_at = now()
          WHERE facility_id = ${caller.facilityId} AND id = ${id}`,
    );
    await audit(tx, caller, {
      action: 'QUEUE_SCREEN_UPDATE',
      entity: 'queue_screen',
      entityId: id,
      before: { name: before.name, roomIds: before.rooms.map((r) => r.id), volume: before.volume, chime: before.chime },
      after: { name: body.name, roomIds, volume: body.volume, chime: body.chime },
    });
    await ctx.live.publish(tx, { facilityId: caller.facilityId, topic: SCREEN_LIVE_TOPIC, type: 'update', id });
  });
  return oneScreen(ctx.database.db, caller.facilityId, id);
}

export async function revokeScreen(ctx: AppContext, caller: Caller, id: number): Promise<ScreenRow> {
  await ctx.database.transaction(async (tx) => {
    const before = await oneScreen(tx, caller.facilityId, id);
    if (before.state === 'REVOKED') throw conflict(QUEUE_MESSAGES.screenRevoked);
    await tx.execute(
      sql`UPDATE queue_screens SET revoked_at = now(), revoked_by = ${caller.accountId}, updated_at = now() WHERE facility_id = ${caller.facilityId} AND id = ${id}`,
    );
    await audit(tx, caller, { action: 'QUEUE_SCREEN_REVOKE', entity: 'queue_screen', entityId: id, before: { name: before.name, kind: before.kind } });
    await ctx.live.publish(tx, { facilityId: caller.facilityId, topic: SCREEN_LIVE_TOPIC, type: 'revoke', id });
  });
  return oneScreen(ctx.database.db, caller.facilityId, id);
}

/** A link as its screen uses it. */
export interface ScreenAuth {
  id: number;
  facilityId: number;
  facilityName: string;
  kind: ScreenKind;
  name: string;
  roomIds: number[];
  volume: number;
  chime: boolean;
}

/**
 * The active link of a token, for a page of `kind`: 401 (the screen shows "no longer valid") for an unknown or
 * revoked token, 403 for a link of the other kind. Notes when it was last used (at most once a minute).
 */
export async function screenByToken(ctx: AppContext, token: string | undefined, kind: ScreenKind): Promise<ScreenAuth> {
  if (!token || token.length > 100) throw unauthorized(QUEUE_MESSAGES.screenInvalid);
  const db = ctx.database.db;
  const [s] = await rows<ScreenAuth>(
    db,
    sql`SELECT s.id, s.facility_id AS "facilityId", f.name AS "facilityName", s.kind, s.name, s.room_ids AS "roomIds", s.volume, s.chime
        FROM queue_screens s JOIN facilities f ON f.id = s.facility_id WHERE s.token_hash = ${hashToken(token)} AND s.revoked_at IS NULL`,
  );
  if (!s) throw unauthorized(QUEUE_MESSAGES.screenInvalid);
  if (s.kind !== kind) throw forbidden(QUEUE_MESSAGES.screenWrongKind);
  await noteSeen(ctx, s.id);
  return s;
}

/** The screen's link is still active (the calling screen's minute check): its current settings, or null. */
export async function activeScreen(ctx: AppContext, id: number): Promise<ScreenAuth | null> {
  const [s] = await rows<ScreenAuth>(
    ctx.database.db,
    sql`SELECT s.id, s.facility_id AS "facilityId", f.name AS "facilityName", s.kind, s.name, s.room_ids AS "roomIds", s.volume, s.chime
        FROM queue_screens s JOIN facilities f ON f.id = s.facility_id WHERE s.id = ${id} AND s.revoked_at IS NULL`,
  );
  if (s) await noteSeen(ctx, s.id);
  return s ?? null;
}

async function noteSeen(ctx: AppContext, id: number): Promise<void> {
  await ctx.database.db.execute(
    sql`UPDATE queue_screens SET last_seen_at = now() WHERE id = ${id} AND (last_seen_at IS NULL OR last_seen_at < now() - interval '1 minute')`,
  );
}

export const isAuthError = (e: unknown) => e instanceof AppError && (e.status === 401 || e.status === 403);

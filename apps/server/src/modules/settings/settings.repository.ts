import { and, eq, sql } from 'drizzle-orm';
import type { SettingValue } from '@portal/shared/rules/settings-keys';
import type { Executor, Tx } from '../../core/db';
import { facilities, facilitySettings, type FacilityPublicProfile, type FacilityWorkingHours } from '../../db/schema';

/** The keys a facility has set, with who and when. */
export function settingRows(ex: Executor, facilityId: number) {
  return ex
    .select({ key: facilitySettings.key, value: facilitySettings.value, updatedBy: facilitySettings.updatedBy, updatedAt: facilitySettings.updatedAt })
    .from(facilitySettings)
    .where(eq(facilitySettings.facilityId, facilityId));
}
export type SettingRow = Awaited<ReturnType<typeof settingRows>>[number];

export async function settingRow(ex: Executor, facilityId: number, key: string): Promise<SettingRow | undefined> {
  const [row] = await ex
    .select({ key: facilitySettings.key, value: facilitySettings.value, updatedBy: facilitySettings.updatedBy, updatedAt: facilitySettings.updatedAt })
    .from(facilitySettings)
    .where(and(eq(facilitySettings.facilityId, facilityId), eq(facilitySettings.key, key)));
  return row;
}

export async function upsertSetting(tx: Tx, facilityId: number, key: string, value: SettingValue, by: { id: number; username: string }): Promise<void> {
  await tx
    .insert(facilitySettings)
    .values({ facilityId, key, value, updatedById: by.id, updatedBy: by.username })
    .onConflictDoUpdate({
      target: [facilitySettings.facilityId, facilitySettings.key],
      set: { value: sql`excluded.value`, updatedById: by.id, updatedBy: by.username, updatedAt: sql`now()` },
    });
}

export async function deleteSetting(tx: Tx, facilityId: number, key: string): Promise<boolean> {
  const gone = await tx
    .delete(facilitySettings)
    .where(and(eq(facilitySettings.facilityId, facilityId), eq(facilitySettings.key, key)))
    .returning({ key: facilitySettings.key });
  return gone.length > 0;
}

const profileColumns = {
  id: facilities.id,
  code: facilities.code,
  name: facilities.name,
  shortName: facilities.shortName,
  avatar: facilities.avatar,
  address: facilities.address,
  hotline: facilities.hotline,
  emergencyPhone: facilities.emergencyPhone,
  website: facilities.website,
  publicProfile: facilities.publicProfile,
  workingHours: facilities.workingHours,
  profileUpdatedBy: facilities.profileUpdatedBy,
  profileUpdatedAt: facilities.profileUpdatedAt,
};

/** The facility's profile (its row of `facilities`). */
export async function facilityProfileRow(ex: Executor, facilityId: number) {
  const [row] = await ex.select(profileColumns).from(facilities).where(eq(facilities.id, facilityId));
  return row;
}
export type FacilityProfileRow = NonNullable<Awaited<ReturnType<typeof facilityProfileRow>>>;

export async function facilityIdByCode(ex: Executor, code: string): Promise<number | null> {
  const [row] = await ex.select({ id: facilities.id }).from(facilities).where(sql`lower(${facilities.code}) = ${code.toLowerCase()}`);
  return row?.id ?? null;
}

/** Every facility's id (the recurring jobs read each one's settings). */
export async function facilityIds(ex: Executor): Promise<number[]> {
  const list = await ex.select({ id: facilities.id }).from(facilities).orderBy(facilities.id);
  return list.map((r) => r.id);
}

export interface ProfileUpdate {
  name: string;
  shortName: string | null;
  avatar: string | null;
  address: string | null;
  hotline: string | null;
  emergencyPhone: string | null;
  website: string | null;
  publicProfile: FacilityPublicProfile;
  workingHours: FacilityWorkingHours | null;
  profileUpdatedBy: string;
}

export async function updateFacilityProfile(tx: Tx, facilityId: number, p: ProfileUpdate): Promise<void> {
  await tx
    .update(facilities)
    .set({ ...p, profileUpdatedAt: sql`now()` })
    .where(eq(facilities.id, facilityId));
}

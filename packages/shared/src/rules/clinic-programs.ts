/**
 * The private clinic's care programmes and periodic health surveys (issue 20; docs/clinic.md). The codes are stored
 * (clinic_members.program, a CHECK constraint names the same four); the labels are what staff and patients read.
 */
export const CLINIC_PROGRAMS = ['DIABETES', 'HYPERTENSION', 'PREGNANCY', 'ELDERLY'] as const;
export type ClinicProgram = (typeof CLINIC_PROGRAMS)[number];

export const CLINIC_PROGRAM_LABELS: Record<ClinicProgram, string> = {
  DIABETES: 'Đái tháo đường',
  HYPERTENSION: 'Tăng huyết áp',
  PREGNANCY: 'Theo dõi thai kỳ',
  ELDERLY: 'Chăm sóc người cao tuổi',
};

/** The surveys a member may receive; each programme proposes its own first (CLINIC_PROGRAM_SURVEYS). */
export const CLINIC_SURVEYS = ['GENERAL_HEALTH', 'BLOOD_PRESSURE', 'BLOOD_GLUCOSE', 'PREGNANCY_CHECK', 'SLEEP_MOOD', 'MEDICINE_SIDE_EFFECTS'] as const;
export type ClinicSurvey = (typeof CLINIC_SURVEYS)[number];

export const CLINIC_SURVEY_LABELS: Record<ClinicSurvey, string> = {
  GENERAL_HEALTH: 'Sức khoẻ chung',
  BLOOD_PRESSURE: 'Huyết áp đo tại nhà',
  BLOOD_GLUCOSE: 'Đường huyết',
  PREGNANCY_CHECK: 'Theo dõi thai kỳ',
  SLEEP_MOOD: 'Giấc ngủ và tâm trạng',
  MEDICINE_SIDE_EFFECTS: 'Tác dụng không mong muốn của thuốc',
};

/** What a new member of a programme receives until staff change it. */
export const CLINIC_PROGRAM_SURVEYS: Record<ClinicProgram, { kind: ClinicSurvey; everyDays: number }[]> = {
  DIABETES: [
    { kind: 'BLOOD_GLUCOSE', everyDays: 1 },
    { kind: 'GENERAL_HEALTH', everyDays: 30 },
  ],
  HYPERTENSION: [
    { kind: 'BLOOD_PRESSURE', everyDays: 1 },
    { kind: 'MEDICINE_SIDE_EFFECTS', everyDays: 30 },
  ],
  PREGNANCY: [
    { kind: 'PREGNANCY_CHECK', everyDays: 7 },
    { kind: 'SLEEP_MOOD', everyDays: 14 },
  ],
  ELDERLY: [
    { kind: 'GENERAL_HEALTH', everyDays: 7 },
    { kind: 'BLOOD_PRESSURE', everyDays: 7 },
  ],
};

/** A survey is sent at most daily and at least every 90 days. */
export const SURVEY_EVERY_DAYS_MIN = 1;
export const SURVEY_EVERY_DAYS_MAX = 90;

/** The medicine reminders' sidebar labels: the menu is in the admin's first load, so it imports only this (not drugs.messages). */
export const DRUG_MENU = { memberPage: 'Thuốc của thành viên' } as const;

import { z } from 'zod';

/**
 * The Excel import of a resource (server core/crud/import.ts):
 * `GET {path}/import-template` → .xlsx; `POST {path}/import` with the .xlsx as the body.
 * Either every row is written (one transaction) or none, with a report per row.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** At most this many row errors are listed; `totalErrors` counts them all. */
export const IMPORT_MAX_REPORTED_ERRORS = 1000;

/** One problem of the file: `row` is the Excel row number (the header is row 1; 0 = the file itself). */
export const importRowError = z.object({
  row: z.number().int(),
  field: z.string(),
  /** The column's header as the file names it (the field's label). */
  column: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowError>;

export const importErrorBody = z.object({
  code: z.number().int(),
  message: z.string(),
  errors: z.array(importRowError).optional(),
  totalErrors: z.number().int().optional(),
});
export type ImportErrorBody = z.infer<typeof importErrorBody>;

export const importResult = z.object({
  /** Data rows read (empty rows are skipped). */
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
});
export type ImportResult = z.infer<typeof importResult>;

export const importResponse = z.object({ code: z.literal(0), message: z.string(), data: importResult });

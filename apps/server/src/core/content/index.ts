/**
 * Rich content building block: sanitised HTML + plain text for search (`sanitizeRichText`), and the
 * images it may reference (stored by `core/uploads`, served by modules/content). A module with a rich
 * text field validates the body with `richTextField` (shared contract), calls `sanitizeRichText` in its
 * service, and stores `html` and `searchText` (and `text` for excerpts if it shows them).
 */
export { ALLOWED_TAGS, plainText, sanitizeRichText, type RichText, type SanitizeOptions } from './sanitize';

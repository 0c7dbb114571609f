/** The pure part of the waiting room's printouts (print-sheet.tsx): page sizes and the styles of a printout. */

export type PrintPage = 'receipt' | 'a5';

/**
 * The @page rule of a printout. The 80 mm receipt of the desk's and kiosk's thermal printers is as long as
 * its content: `size: 80mm auto` says so but is not valid CSS (a browser drops it and prints on its default
 * paper), so the sheet is measured and its length written in (`heightMm`); until measured, the intent.
 */
export function pageRule(page: PrintPage, heightMm?: number): string {
  if (page === 'a5') return '@page { size: A5 portrait; margin: 10mm; }';
  return heightMm ? `@page { size: 80mm ${heightMm}mm; margin: 0; }` : '@page { size: 80mm auto; margin: 0; }';
}

/** Millimetres of paper for a sheet `px` CSS pixels high (96 px an inch), rounded up, with 2 mm to spare for the cut. */
export const pxToMm = (px: number) => Math.ceil((px * 25.4) / 96) + 2;

/**
 * The styles of one printout, only in the document while it prints (so no other screen's Ctrl+P is affected
 * and two page sizes never meet): on screen the sheet is laid out out of sight (to be measured); on paper the
 * app (and its dialogs, also children of body) is hidden and the sheet alone is printed.
 */
export const printCss = (rule: string) =>
  `@media screen { .queue-print { position: fixed; left: -10000px; top: 0; visibility: hidden; pointer-events: none; } }
${rule}
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #fff !important; height: auto !important; overflow: visible !important; }
  body > *:not(.queue-print) { display: none !important; }
  .queue-print { display: block !important; color: #000; }
}`;

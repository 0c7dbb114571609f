import { describe, expect, it } from 'vitest';
import { pageRule, printCss, pxToMm } from './print.logic';

describe('the printouts', () => {
  it('prints the receipt 80 mm wide and as long as the ticket', () => {
    expect(pageRule('receipt')).toBe('@page { size: 80mm auto; margin: 0; }');
    expect(pageRule('receipt', 104)).toBe('@page { size: 80mm 104mm; margin: 0; }');
  });
  it('prints the booking confirmation on A5', () => {
    expect(pageRule('a5')).toBe('@page { size: A5 portrait; margin: 10mm; }');
  });
  it('turns CSS pixels into millimetres of paper, rounded up with room for the cut', () => {
    expect(pxToMm(96)).toBe(28); // an inch = 25.4 mm → 26 + 2
    expect(pxToMm(378)).toBe(103);
  });
  it('hides the app and shows the sheet alone on paper only', () => {
    const css = printCss(pageRule('a5'));
    expect(css).toContain('@media print');
    expect(css).toContain('body > *:not(.queue-print) { display: none !important; }');
    expect(css).toContain('@page { size: A5 portrait');
    expect(css).toMatch(/@media screen \{ \.queue-print \{[^}]*visibility: hidden/);
  });
});

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** WCAG 2.0 and 2.1, levels A and AA (issue 14 item 22). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core on what the page shows now: no serious or critical violation. A failure lists each rule with
 * its first nodes and axe's summary (colours and ratio for contrast), so it says what to fix.
 */
export async function expectAccessible(page: Page, what: string, opts: { rules?: string[] } = {}): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
  const result = await (opts.rules ? builder.withRules(opts.rules) : builder).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad.map(
    (v) =>
      `${v.id} (${v.impact}, ${v.nodes.length}): ${v.help}\n` +
      v.nodes
        .slice(0, 3)
        .map((n) => `    ${n.target.join(' ')} — ${(n.failureSummary ?? '').split('\n').slice(1).join(' ').slice(0, 240)}`)
        .join('\n'),
  );
  expect(report, `axe on ${what}`).toEqual([]);
}

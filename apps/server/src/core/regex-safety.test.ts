import fs from 'node:fs';
import path from 'node:path';
import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { serviceLookupQuery } from '@portal/shared/contracts/catalog.contract';
import { doctorBody, workPeriod } from '@portal/shared/contracts/doctors.contract';
import { medicalProfileBody, patientSearchQuery } from '@portal/shared/contracts/patients.contract';
import { bookingListQuery, syncSeqBody } from '@portal/shared/contracts/appointments.contract';
import { scheduleCreateBody, shiftChoice } from '@portal/shared/contracts/schedules.contract';
import { isoDay } from '@portal/shared/core/iso-day';
import { listQuerySchema } from '@portal/shared/core/list-query';
import { accountResource } from '@portal/shared/resources/accounts.resource';
import { departmentResource } from '@portal/shared/resources/departments.resource';
import { parseBirthDate, normalizePhone, validateBhyt, validateCccd, validatePhone } from '@portal/shared/rules';
import { serverRoot } from './paths';

/**
 * ReDoS (security issue A). Every regular expression of the shared package, the server and the web
 * is read from the source (the TypeScript parser finds each literal, so none is missed by a grep) and
 * checked by recheck: each must be `safe` (linear). Then each validating schema answers its worst
 * input — long runs of the characters its patterns repeat — well under 50 ms.
 */
const repoRoot = path.resolve(serverRoot, '../..');
const TREES = ['packages/shared/src', 'apps/server/src', 'apps/web/src'];

interface Found {
  file: string;
  line: number;
  source: string;
  flags: string;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // tests and the test support (src/test: fixtures, the fuzz suite) run their patterns on test data only
    if (e.isDirectory()) return e.name === 'node_modules' || (e.name === 'test' && path.basename(dir) === 'src') ? [] : sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|e2e)\.tsx?$/.test(e.name) && !/\.d\.ts$/.test(e.name) ? [p] : [];
  });
}

/** Regex literals, and the `new RegExp(...)` / `RegExp(...)` calls (their pattern is built at run time). */
function collect(): { literals: Found[]; dynamic: { file: string; line: number; text: string }[] } {
  const literals: Found[] = [];
  const dynamic: { file: string; line: number; text: string }[] = [];
  for (const tree of TREES) {
    for (const file of sourceFiles(path.join(repoRoot, tree))) {
      const rel = path.relative(repoRoot, file);
      const src = ts.createSourceFile(
        file,
        fs.readFileSync(file, 'utf8'),
        ts.ScriptTarget.Latest,
        true,
        file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
      );
      const visit = (n: ts.Node): void => {
        const line = src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1;
        if (n.kind === ts.SyntaxKind.RegularExpressionLiteral) {
          const text = (n as ts.RegularExpressionLiteral).text;
          const end = text.lastIndexOf('/');
          literals.push({ file: rel, line, source: text.slice(1, end), flags: text.slice(end + 1) });
        } else if ((ts.isNewExpression(n) || ts.isCallExpression(n)) && ts.isIdentifier(n.expression) && n.expression.text === 'RegExp') {
          dynamic.push({ file: rel, line, text: n.getText(src) });
        }
        ts.forEachChild(n, visit);
      };
      visit(src);
    }
  }
  return { literals, dynamic };
}

/**
 * Patterns built at run time, each reviewed: what it is built from and why it is linear.
 * A new `new RegExp` fails the test until it is reviewed and listed here.
 */
const REVIEWED_DYNAMIC: Record<string, string> = {
  'apps/web/src/app/menu.ts':
    "built from the menu's own static paths: literal segments and `[^/]+` per `:param`, separated by literal `/`, anchored — no two quantifiers can take the same character",
  'packages/shared/src/rules/acronyms.ts':
    'a whole-word match of an acronym key (letters and digits, at most 20, escaped anyway) between two one-character separator classes or the ends: no quantifier at all',
};

const { literals, dynamic } = collect();

describe('every regular expression in the source is linear (recheck)', () => {
  it('finds the patterns (the collector works)', () => {
    expect(literals.length).toBeGreaterThan(100);
    expect(literals.some((r) => r.file.endsWith('accounts.resource.ts'))).toBe(true);
  });

  // one check per distinct pattern; the verdict names every place that uses it
  const distinct = new Map<string, Found[]>();
  for (const r of literals) {
    const key = `/${r.source}/${r.flags}`;
    distinct.set(key, [...(distinct.get(key) ?? []), r]);
  }
  // zod's own e-mail pattern, used by the doctor and medical-profile bodies through z.email()
  const zodEmail = (z.email() as unknown as { _zod: { def: { pattern: RegExp } } })._zod.def.pattern;
  distinct.set(String(zodEmail), [{ file: 'zod z.email()', line: 0, source: zodEmail.source, flags: zodEmail.flags }]);

  it.each([...distinct.entries()])(
    '%s is safe',
    (_key, uses) => {
      const { source, flags } = uses[0]!;
      // g and y change where matching starts, not what the automaton does
      const diagnostics = checkSync(source, flags.replace(/[gy]/g, ''), { timeout: 20_000 });
      const where = uses.map((u) => `${u.file}:${u.line}`).join(', ');
      expect({ status: diagnostics.status, where, attack: 'attack' in diagnostics ? diagnostics.attack?.pattern : undefined }).toEqual({
        status: 'safe',
        where,
        attack: undefined,
      });
    },
    30_000,
  );

  it('reports a pattern that backtracks (the checker is not fooled)', () => {
    // the staff e-mail pattern before the fix: "a@" + 120,000 dots + "@" blocked the server 7.9 s
    expect(checkSync(String.raw`^$|^[^\s@]+@[^\s@]+\.[^\s@]{2,}$`, '').status).toBe('vulnerable');
  }, 30_000);

  it('every pattern built at run time has been reviewed', () => {
    for (const d of dynamic) expect(REVIEWED_DYNAMIC[d.file], `${d.file}:${d.line} ${d.text}`).toBeTypeOf('string');
  });
});

const N = 100_000;
const LIMIT_MS = 50;

/** [what, schema, value]: the value is the worst input of that schema's patterns. */
const fields = (schema: ZodType, key: string) => (v: string) => schema.safeParse({ [key]: v });
const WORST: [string, (v: string) => unknown, string][] = [
  ['staff e-mail: a@ + dots + @ (the reported attack)', fields(accountResource.body, 'email'), `a@${'.'.repeat(N)}@`],
  ['staff e-mail: labels and dots, no end', fields(accountResource.body, 'email'), `a@${'a.'.repeat(N / 2)}@`],
  ['staff e-mail: local part run', fields(accountResource.body, 'email'), `${'a'.repeat(N)}@`],
  ['staff username', fields(accountResource.body, 'username'), `a${'a.'.repeat(N / 2)}!`],
  ['staff phone', fields(accountResource.body, 'phone'), `0${'1'.repeat(N)}x`],
  ['department code', fields(departmentResource.body, 'code'), `${'A'.repeat(N)}!`],
  ['doctor phone', fields(doctorBody, 'phone'), `+84${'1 '.repeat(N / 2)}x`],
  ['doctor e-mail', fields(doctorBody, 'email'), `${'a.'.repeat(N / 2)}@${'a.'.repeat(N / 2)}`],
  ['doctor work period month', (v) => workPeriod.safeParse({ from: v, place: 'x' }), '2'.repeat(N)],
  ['medical profile full name', fields(medicalProfileBody, 'fullName'), `${'A '.repeat(N / 2)}1`],
  ['medical profile e-mail', fields(medicalProfileBody, 'email'), `${'a.'.repeat(N / 2)}@${'a.'.repeat(N / 2)}`],
  ['medical profile birth date (shorthand)', fields(medicalProfileBody, 'birthDate'), '1'.repeat(N)],
  ['booking day list date', (v) => bookingListQuery.safeParse({ date: v }), '2'.repeat(N)],
  ['sync-checkin-seq date', (v) => syncSeqBody.safeParse({ roomId: 1, date: v }), `${'2024-'.repeat(N / 5)}`],
  ['schedule build days', (v) => scheduleCreateBody.safeParse({ from: v, to: v }), '2'.repeat(N)],
  ['custom shift time', (v) => shiftChoice.safeParse({ shift: 'CUSTOM', start: v, end: v }), '1'.repeat(N)],
  ['iso day', (v) => isoDay().safeParse(v), '9'.repeat(N)],
  ['list page/size', (v) => listQuerySchema({ sortable: ['name'], filters: {} }).safeParse({ page: v, size: v, sort: v }), '1'.repeat(N)],
  ['patient search', (v) => patientSearchQuery.safeParse({ q: v, page: v }), ' a'.repeat(N / 2)],
  ['price list lookup', (v) => serviceLookupQuery.safeParse({ name: v, syncValue: v, page: v, size: v }), `-${'1'.repeat(N)}`],
  ['rule: birth date shorthand', (v) => parseBirthDate(v), `${'1/'.repeat(N / 2)}x`],
  ['rule: phone', (v) => validatePhone(v) ?? normalizePhone(v), `${'1 '.repeat(N / 2)}x`],
  ['rule: CCCD', (v) => validateCccd(v), `${'1.'.repeat(N / 2)}x`],
  ['rule: BHYT', (v) => validateBhyt(v), `AB1${'1-'.repeat(N / 2)}x`],
];

describe('the worst input of each validating pattern is answered fast', () => {
  it.each(WORST)('%s (100k characters) in under 50 ms', (_what, run, value) => {
    run(value); // warm up (first-call compilation)
    // the best of three: a busy machine (other test files, GC) must not fail a linear pattern,
    // and a super-linear one takes seconds on every try
    let ms = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      run(value);
      ms = Math.min(ms, performance.now() - t0);
    }
    expect(ms).toBeLessThan(LIMIT_MS);
  });
});

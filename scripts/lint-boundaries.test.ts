/**
 * The layer boundaries of biome.json (docs/decisions.md, "Lint"): Biome runs with the repository's
 * own biome.json on probe files laid out like the repository in a temp folder, so the rule is
 * proved to fire (and not to fire) and cannot silently stop working after a config edit.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const biome = path.join(root, 'node_modules', '.bin', 'biome');

/** A probe file at `file` (as in the repository) with one import per line; `forbidden` = the rule must flag that line. */
interface Probe {
  file: string;
  imports: { from: string; forbidden: boolean }[];
}

const no = (from: string) => ({ from, forbidden: true });
const ok = (from: string) => ({ from, forbidden: false });

const PROBES: Probe[] = [
  // web core: not app/, not modules/; modules may use app and core
  {
    file: 'apps/web/src/core/crud/probe.tsx',
    imports: [no('../../app/messages'), no('../../modules/auth/use-session'), ok('../api/api-client'), ok('../messages')],
  },
  { file: 'apps/web/src/core/probe.ts', imports: [no('../app/forbidden-page'), no('../modules/patients/patients.messages'), ok('./messages')] },
  { file: 'apps/web/src/modules/auth/probe.ts', imports: [ok('../../app/messages'), ok('../../core/auth/session')] },
  // server core: not the app, not modules/, not db/seed
  {
    file: 'apps/server/src/core/probe.ts',
    imports: [no('../modules/auth/passwords'), no('../app'), no('../db/seed/factories'), ok('./errors'), ok('../db/schema')],
  },
  { file: 'apps/server/src/core/jobs/probe.ts', imports: [no('../../modules/appointments/no-show.job'), ok('../db')] },
  // server db: not modules/ (only db/seed may); bootstrap may start the two seeders and nothing else of db/seed
  {
    file: 'apps/server/src/db/probe.ts',
    imports: [no('../modules/patients/patients.repository'), no('./seed/factories'), ok('../core/password-cost'), ok('./reference')],
  },
  { file: 'apps/server/src/db/schema/probe.ts', imports: [no('../../modules/auth/passwords'), ok('../../core/db')] },
  { file: 'apps/server/src/db/seed/probe.ts', imports: [ok('../../modules/auth/passwords'), ok('./factories')] },
  {
    file: 'apps/server/src/db/bootstrap.ts',
    imports: [no('./seed/factories'), no('../modules/auth/auth.service'), ok('./seed/demo'), ok('./seed/production')],
  },
  // production code: not db/seed; tests and test fixtures may
  {
    file: 'apps/server/src/modules/admin/probe.service.ts',
    imports: [no('../../db/seed/production'), no('../../db/seed'), ok('../auth/passwords'), ok('../../db/reference')],
  },
  { file: 'apps/server/src/probe.ts', imports: [no('./db/seed/factories')] },
  { file: 'apps/server/src/modules/admin/probe.int.test.ts', imports: [ok('../../db/seed/factories')] },
  { file: 'apps/server/src/modules/patients/probe.fixtures.ts', imports: [ok('../../db/seed/patients')] },
  { file: 'apps/server/src/modules/doctors/probe-fixtures.routes.ts', imports: [ok('../../db/seed/demo-catalog')] },
  { file: 'apps/server/src/test/probe.ts', imports: [ok('../db/seed/factories')] },
];

/** Line numbers flagged by noRestrictedImports, per probe file. */
const flagged = new Map<string, number[]>();
let dir = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-boundaries-'));
  const config = JSON.parse(fs.readFileSync(path.join(root, 'biome.json'), 'utf8')) as Record<string, unknown>;
  delete config.$schema;
  config.vcs = { enabled: false };
  fs.writeFileSync(path.join(dir, 'biome.json'), JSON.stringify(config));
  for (const probe of PROBES) {
    const target = path.join(dir, probe.file);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    const lines = probe.imports.map((imp, i) => `import * as p${i} from '${imp.from}';`);
    fs.writeFileSync(target, `${lines.join('\n')}\n\nexport const used = [${probe.imports.map((_, i) => `p${i}`).join(', ')}];\n`);
  }
  let out: string;
  try {
    out = execFileSync(biome, ['lint', '--reporter=github', '--max-diagnostics=none', 'apps'], { cwd: dir, encoding: 'utf8', stdio: 'pipe' });
  } catch (e) {
    out = String((e as { stdout?: string }).stdout ?? '');
  }
  for (const m of out.matchAll(/::error title=lint\/style\/noRestrictedImports,file=([^,]+),line=(\d+)/g)) {
    const file = path.relative(dir, path.resolve(dir, m[1]!)).split(path.sep).join('/');
    flagged.set(file, [...(flagged.get(file) ?? []), Number(m[2])]);
  }
}, 60_000);

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('biome.json layer boundaries', () => {
  it.each(PROBES)('$file', (probe) => {
    const expected = probe.imports.flatMap((imp, i) => (imp.forbidden ? [i + 1] : []));
    expect((flagged.get(probe.file) ?? []).sort((a, b) => a - b)).toEqual(expected);
  });

  it('names the rule the lint step runs (npm run lint)', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.lint).toMatch(/^biome (lint|check)\b/);
    expect(pkg.scripts.test).toMatch(/^npm run lint && npm run typecheck\b/);
  });
});

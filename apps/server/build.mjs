// Bundles the server into dist/main.js; node_modules packages stay external.
import { existsSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // the shared workspace package is TypeScript source: bundle it in
  plugins: [
    {
      name: 'bundle-shared',
      setup(b) {
        b.onResolve({ filter: /^@portal\/shared/ }, async (args) => {
          const sub = args.path.replace(/^@portal\/shared\/?/, '') || 'index';
          const file = new URL(`../../packages/shared/src/${sub}.ts`, import.meta.url).pathname;
          return { path: existsSync(file) ? file : new URL(`../../packages/shared/src/${sub}/index.ts`, import.meta.url).pathname };
        });
      },
    },
  ],
  logLevel: 'warning',
});

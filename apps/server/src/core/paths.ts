import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package root (apps/server), whether running from src/ via tsx or from the
 * esbuild bundle in dist/. Migrations and reference files are read from the source tree.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
export const serverRoot = here.includes(`${path.sep}dist`) ? path.resolve(here.slice(0, here.lastIndexOf(`${path.sep}dist`))) : path.resolve(here, '..', '..');

export const migrationsDir = path.join(serverRoot, 'src', 'db', 'migrations');
export const defaultWebDist = path.resolve(serverRoot, '..', 'web', 'dist');
/** National reference data (administrative units, countries, ethnic groups, occupations). */
export const referenceDir = path.join(serverRoot, 'src', 'db', 'reference');

import type { Config } from '../config';
import type { Database } from './db';
import type { LiveHub } from './live';

/** What every module is built with. */
export interface AppContext {
  config: Config;
  database: Database;
  /** Publish changes to open screens (in the write's transaction). */
  live: LiveHub;
}

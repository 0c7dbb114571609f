import type { Config } from '../config';
import type { Database } from './db';

/** What every module is built with. */
export interface AppContext {
  config: Config;
  database: Database;
}

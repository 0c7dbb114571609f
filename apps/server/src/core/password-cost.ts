import type { AppContext } from './context';

/** The argon2id cost of a password hash: set by ARGON2_* in the config, read at start-up (db/bootstrap) and by every login. */
export interface HashCost {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export function hashCost(ctx: Pick<AppContext, 'config'>): HashCost {
  return { memoryCost: ctx.config.ARGON2_MEMORY_KIB, timeCost: ctx.config.ARGON2_TIME_COST, parallelism: ctx.config.ARGON2_PARALLELISM };
}

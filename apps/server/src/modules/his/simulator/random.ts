import { mulberry32 } from '../../../db/seed/patients-data';

export type Rng = () => number;

/** The seed's PRNG (seed/patients-data.ts): the same seed gives the same hospital. */
export const seededRng = (seed: number): Rng => mulberry32(seed);

export const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)]!;
export const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));

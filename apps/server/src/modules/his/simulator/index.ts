import Fastify, { type FastifyInstance } from 'fastify';
import { AuthGate, type HisSimulatorAuth } from './auth';
import { type FaultControl, Faults } from './faults';
import { registerRoutes } from './routes';
import { SimulatorState } from './state';

export type { HisSimulatorAuth } from './auth';
export { FAULT_MODES, type FaultControl, type FaultMode, type FaultSpec } from './faults';
export type { PatientInput } from './patients';
export { FAULTS_PATH, tokenPathOf } from './routes';
export { SimulatorState } from './state';

export interface HisSimulatorOptions {
  /** Deterministic RNG seed (default fixed). */
  seed?: number;
  /** Number of ChargeItemDefinitions (default: the demo catalogue's size + the HIS's own 20). */
  services?: number;
  /** Default 300; at least 50 of them (a third) are the demo portal's own patients. */
  patients?: number;
  /** FHIR id of the hospital Organization (default 'bv-an-phuc'). */
  hospitalId?: string;
  auth?: HisSimulatorAuth;
  /** Default Bundle page size (default 50, `_count` overrides up to 500). */
  pageSize?: number;
  /** The day the visits are dated back from and the year ages count in (default: now). */
  now?: Date;
}

export interface HisSimulator {
  state: SimulatorState;
  faults: FaultControl;
  /** Mounts the FHIR routes, the fault control (`<prefix>/$sim-faults`) and the token endpoint (tokenPathOf(prefix)). */
  register(scope: FastifyInstance, prefix: string): Promise<void>;
}

/** Where the product serves the simulator in development (app.ts; docs/his.md "The HIS simulator"). */
export const HIS_SIMULATOR_PREFIX = '/his-simulator/fhir/R4';
export const hisSimulatorUrl = (port: number) => `http://127.0.0.1:${port}${HIS_SIMULATOR_PREFIX}`;

export const DEFAULT_SEED = 20_250_701;
export const DEFAULT_HOSPITAL_ID = 'bv-an-phuc';

export function createHisSimulator(options: HisSimulatorOptions = {}): HisSimulator {
  const state = new SimulatorState({
    seed: options.seed ?? DEFAULT_SEED,
    services: options.services,
    patients: options.patients ?? 300,
    hospitalId: options.hospitalId ?? DEFAULT_HOSPITAL_ID,
    now: options.now ?? new Date(),
  });
  const faults = new Faults();
  const gate = new AuthGate(options.auth ?? { type: 'none' });
  const pageSize = Math.min(500, Math.max(1, options.pageSize ?? 50));
  return {
    state,
    faults,
    register: (scope, prefix) => registerRoutes(scope, prefix, { state, faults, gate, pageSize }),
  };
}

/** Its own Fastify server on 127.0.0.1:port (0 = any free port), base URL `http://127.0.0.1:<port>/fhir/R4`. */
export async function startHisSimulator(
  options: HisSimulatorOptions & { port?: number } = {},
): Promise<{ sim: HisSimulator; baseUrl: string; close(): Promise<void> }> {
  const sim = createHisSimulator(options);
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await sim.register(app, '/fhir/R4');
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return { sim, baseUrl: `${address}/fhir/R4`, close: () => app.close() };
}

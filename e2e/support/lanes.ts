/** Where each lane's product keeps its data (its embedded PostgreSQL included) during one run. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANE } from './constants.ts';

const tmpDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');

/** The run's directory under e2e/.tmp (E2E_RUN_ID is set by playwright.config.ts). */
export function runDataDir(): string {
  return path.join(tmpDir, `data-${process.env.E2E_RUN_ID}`);
}

/** The DATA_DIR of a lane's product. */
export function laneDataDir(lane = LANE): string {
  return path.join(runDataDir(), `lane-${lane}`);
}

import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the generator leaves next to the data for the load scenarios: how the data was made, the id
 * ranges (ids run from 1), sign-in tokens of many users, and plans those users track.
 */
export type BenchManifest = {
  preset: string;
  database: 'pglite' | 'postgres';
  seededAt: string;
  seedSeconds: number;
  /** Rows per table, counted after the load. */
  rows: Record<string, number>;
  ids: { users: number; posts: number; plans: number };
  /** Signed-in users for the scenarios, spread over all users (popular and quiet ones). */
  viewers: { id: number; token: string }[];
  /** (viewer, plan) pairs where the viewer has progress on the plan. */
  trackedPlans: { userId: number; planId: number }[];
};

export const manifestPath = (dataDir: string) => path.join(dataDir, 'bench-manifest.json');

export function writeManifest(dataDir: string, manifest: BenchManifest) {
  writeFileSync(manifestPath(dataDir), `${JSON.stringify(manifest, null, 1)}\n`);
}

export function readManifest(dataDir: string): BenchManifest {
  const file = manifestPath(dataDir);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as BenchManifest;
  } catch {
    throw new Error(`${file} is missing: fill a database first with npm run bench:seed`);
  }
}

/**
 * `npm run bench:seed -- [--preset smoke|small|large|xlarge] [--data-dir bench/data]`: fills an empty
 * database for the load scenarios — PGlite in DATA_DIR/db, or the PostgreSQL database of DATABASE_URL — and
 * writes DATA_DIR/bench-manifest.json (sign-in tokens and ids the scenarios use).
 */
import { parseArgs } from 'node:util';
import { isPresetName, PRESETS } from './presets.js';
import { BENCH_PASSWORD, seed } from './seed.js';

const { values } = parseArgs({
  options: {
    preset: { type: 'string', default: 'small' },
    'data-dir': { type: 'string', default: 'bench/data' },
  },
});
const preset = values.preset;
if (!isPresetName(preset)) {
  console.error(`--preset must be one of ${Object.keys(PRESETS).join(', ')}`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL;
const target = databaseUrl ? 'PostgreSQL' : `PGlite in ${values['data-dir']}/db`;
console.log(`Seeding preset ${preset} ${JSON.stringify(PRESETS[preset])} into ${target}`);
const manifest = await seed({ preset, dataDir: values['data-dir'], databaseUrl });
console.log(`done in ${manifest.seedSeconds} s: ${JSON.stringify(manifest.rows)}`);
console.log(
  `${manifest.viewers.length} sign-in tokens in ${values['data-dir']}/bench-manifest.json; ` +
    `accounts sign in as user<id>@example.com / ${BENCH_PASSWORD}`,
);

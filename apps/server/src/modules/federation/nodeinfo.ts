import { readFileSync } from 'node:fs';
import type { Federation } from '@fedify/fedify';
import { FEDERATION_LIMITS } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { countUsage } from './nodeinfo.queries.js';

const { version } = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/**
 * NodeInfo 2.1 at `/nodeinfo/2.1`, which Fedify links from `/.well-known/nodeinfo`: what this server
 * is, and counts of public things only, counted again at most every ten minutes per process.
 */
export function setNodeInfo(federation: Federation<void>, db: Database) {
  let cached: { at: number; usage: Promise<Awaited<ReturnType<typeof countUsage>>> } | null = null;
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    if (!cached || Date.now() - cached.at > FEDERATION_LIMITS.nodeInfoCacheSeconds * 1000) {
      const usage = countUsage(db);
      cached = { at: Date.now(), usage };
      usage.catch(() => {
        cached = null;
      });
    }
    return {
      software: { name: 'pathwise', version },
      protocols: ['activitypub'],
      openRegistrations: true,
      usage: await cached.usage,
    };
  });
}

import type { Federation } from '@fedify/fedify';
import { FEDERATION_LIMITS } from '@pathwise/contract';
// Imported, not read from disk: the build bundles it, so the server in dist/ names its own version too.
import serverPackage from '../../../package.json' with { type: 'json' };
import type { Database } from '../../db/client.js';
import { countUsage } from './nodeinfo.queries.js';

const { version } = serverPackage;

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

import { Readable } from 'node:stream';
import { SitemapIndexStream, SitemapStream, streamToPromise } from 'sitemap';

/** One address of a sitemap page. */
export type SitemapUrl = { url: string; lastmod: Date };

/** A `<urlset>` of `urls` (absolute addresses). */
export async function urlsetOf(urls: readonly SitemapUrl[]): Promise<string> {
  const stream = new SitemapStream({ xmlns: { news: false, video: false, image: false, xhtml: false } });
  const items = urls.map(({ url, lastmod }) => ({ url, lastmod: lastmod.toISOString() }));
  return (await streamToPromise(Readable.from(items).pipe(stream))).toString();
}

/** A `<sitemapindex>` of the pages at `urls` (absolute addresses). */
export async function sitemapIndexOf(urls: readonly string[]): Promise<string> {
  const stream = new SitemapIndexStream();
  return (await streamToPromise(Readable.from(urls.map((url) => ({ url }))).pipe(stream))).toString();
}

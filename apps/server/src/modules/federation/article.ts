import { Temporal } from '@js-temporal/polyfill';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * A post's Markdown as the HTML an `Article` carries: micromark with GitHub's extensions, the parser
 * the web app's react-markdown uses, so a post reads the same elsewhere. micromark's defaults are the
 * sanitising: raw HTML in the text is escaped, not passed on, and links with dangerous schemes
 * (`javascript:`…) lose their address.
 */
export function markdownToHtml(markdown: string): string {
  return micromark(markdown, { extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

export const instantOf = (date: Date) => Temporal.Instant.fromEpochMilliseconds(date.getTime());

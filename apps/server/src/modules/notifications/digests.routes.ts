import { DIGEST_MESSAGES, digestUnsubscribeQuery, htmlDocument, messageResponse } from '@pathwise/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { failures, routeOptions } from '../../lib/route-schema.js';
import { escapeHtml } from '../link-previews/index.js';
import type { DigestService } from './digests.service.js';

const route = routeOptions(['notifications']);

/** A small page of its own: the link is opened from a mail client, maybe where no one is signed in. */
const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(DIGEST_MESSAGES.confirmTitle)}</title>
<style>body{font-family:system-ui,sans-serif;line-height:1.5;max-width:32rem;margin:2rem auto;padding:0 1rem}
@media (prefers-color-scheme:dark){body{background:#111;color:#eee}}
button{font:inherit;padding:.5rem 1rem}</style></head>
<body><main>${body}</main></body></html>
`;

const html = (reply: FastifyReply, body: string) =>
  reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(body));

/** A browser's form asks for a page; a mail provider's one-click POST gets the JSON answer. */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? '');

/**
 * The digest's one-click unsubscribe (RFC 8058), public: the signed token is the credential. A GET (a
 * person clicking the link, or a mail scanner following it) only asks to confirm, a POST unsubscribes.
 */
export const digestRoutes: FastifyPluginAsyncZod<{ digests: DigestService }> = async (app, { digests }) => {
  // Mail providers post the form `List-Unsubscribe=One-Click`; no other route of the API reads forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.get(
    '/unsubscribe',
    route('The page of a digest unsubscribe link, asking to confirm', {
      description:
        'An HTML page with a button that POSTs to the same link. Opening the link changes nothing, since ' +
        'mail scanners open links too. No token needed; a link this server did not sign is a 400.',
      querystring: digestUnsubscribeQuery,
      response: { 200: htmlDocument, ...failures(400) },
    }),
    async (request, reply) => {
      digests.userOfToken(request.query.token);
      return html(
        reply,
        `<h1>${escapeHtml(DIGEST_MESSAGES.confirmTitle)}</h1><p>${escapeHtml(DIGEST_MESSAGES.confirmText)}</p>
<form method="post" action="unsubscribe?token=${encodeURIComponent(request.query.token)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(
          DIGEST_MESSAGES.confirmButton,
        )}</button></form>`,
      );
    },
  );

  app.post(
    '/unsubscribe',
    route("Unsubscribes a digest link's account from the digest (one click)", {
      description:
        'RFC 8058: the body (`List-Unsubscribe=One-Click`, a form) is optional. Sets the digest to OFF. ' +
        'No token needed; a link this server did not sign is a 400. A browser asking for HTML gets a page.',
      querystring: digestUnsubscribeQuery,
      response: { 200: messageResponse, ...failures(400) },
    }),
    async (request, reply) => {
      await digests.unsubscribe(request.query.token);
      if (wantsPage(request)) return html(reply, `<p>${escapeHtml(DIGEST_MESSAGES.unsubscribed)}</p>`);
      return { message: DIGEST_MESSAGES.unsubscribed };
    },
  );
};

import type { Comment, Post } from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import { bearer, type TestAccount } from './helpers/accounts.js';
import type { FakeActivityPubServer, FakeActor } from './helpers/fake-activitypub-server.js';
import { eventually, get, type Instance, json, logged, withServers } from './helpers/federation.js';
import { createPost, postPart, sendPost, validPost } from './helpers/posts.js';
import { freePort } from './helpers/reverse-proxy.js';

// Mentions of people elsewhere: Ann on A mentions Mallory, of the fake server, who does not follow her.
// A looks Mallory up once the post or comment is written (off the request), names her in the activity
// (a Mention tag, cc), links her in the HTML and delivers to her inbox, as Mastodon needs to notify her.
// Someone whose server does not answer is logged and left as a link to A's search.

let a: Instance;
let remote: FakeActivityPubServer;
let ann: TestAccount;
let mallory: FakeActor;
/** Someone on a server that does not answer (a port nothing listens on). */
let nobody: string;

const PUBLIC = 'https://www.w3.org/ns/activitystreams#Public';
const asList = (value: unknown) => (Array.isArray(value) ? value : [value]);
const malloryAccount = () => `@mallory@${new URL(remote.origin).host}`;
type Received = { id?: string; to?: unknown; cc?: unknown; tag?: unknown; content?: string };

/** The activity of `type` whose object is `id`, as Mallory's server received it. */
const receivedBy = (type: string, id: string) =>
  eventually(`the ${type} of ${id} at Mallory's server`, async () =>
    remote.received.find(
      (item) => item.activity.type === type && (item.activity.object as Received | undefined)?.id === id,
    ),
  );

/** What a Mastodon user's server needs to notify Mallory: her in cc, a Mention tag naming her. */
function expectMalloryNamed(object: Received) {
  expect(asList(object.cc)).toContain(mallory.id);
  expect(asList(object.tag)).toContainEqual({ type: 'Mention', href: mallory.id, name: malloryAccount() });
  expect(object.content).toContain(
    `<span class="h-card" translate="no"><a href="${remote.origin}/@mallory" class="u-url mention">` +
      `${malloryAccount()}</a></span>`,
  );
}

withServers({ ann: 'Ann Mentions', actors: ['mallory'] }, async (made) => {
  ({ a, remote, ann } = made);
  mallory = remote.actors.mallory!;
  nobody = `@nobody@127.0.0.1:${await freePort()}`;
  // WebFinger asks over https, which the fake server lacks: Ann finds Mallory by her actor's address
  // first, so A knows her (a Mastodon account is found by WebFinger alike).
  const found = await a.api.app.inject({
    url: `/api/search?query=${encodeURIComponent(mallory.id)}`,
    headers: bearer(ann.token),
  });
  expect(found.json().users.remote).toMatchObject({ handle: malloryAccount() });
});

describe('a post mentioning people elsewhere', () => {
  let post: Post;

  it('reaches Mallory, who does not follow Ann, naming and linking her', async () => {
    const started = Date.now();
    post = await createPost(a.api, ann.token, {
      title: 'Generics, with help',
      content: `Thanks ${malloryAccount()} and ${nobody} for the review. Mail ann@example.com.`,
    });
    // Nobody's server is not asked on the request's path.
    expect(Date.now() - started).toBeLessThan(5_000);

    const create = await receivedBy('Create', `${a.origin}/ap/posts/${post.id}`);
    expect(create).toMatchObject({ path: '/inbox', signed: true });
    expect(asList(create.activity.cc)).toContain(mallory.id);
    const article = create.activity.object as Received;
    expectMalloryNamed(article);
    expect(asList(article.to)).toEqual([PUBLIC]);
    // Someone A could not find is a link to its search, and named by no tag.
    expect(article.content).toContain(
      `<a href="${a.origin}/search?q=${encodeURIComponent(nobody)}">${nobody}</a>`,
    );
    expect(asList(article.tag).filter((tag) => tag.type === 'Mention')).toHaveLength(1);
    expect(article.content).toContain('<a href="mailto:ann@example.com">ann@example.com</a>');
    // The server's log reaches this process through a pipe, which may deliver after the activity.
    const notFound = await eventually('the log of the unknown mention', async () => {
      const lines = logged(a, 'a mentioned account was not found');
      return lines.length > 0 ? lines : undefined;
    });
    expect(notFound).toContainEqual(expect.objectContaining({ account: nobody }));
  });

  it('is served by A with the same Mention, and its edit reaches her as an Update', async () => {
    expectMalloryNamed(await json(await get(`${a.origin}/ap/posts/${post.id}`)));
    const edit = postPart({
      ...validPost,
      title: post.title,
      content: `Edited: thanks ${malloryAccount()}.`,
    });
    const res = await sendPost(a.api, ann.token, [edit], { method: 'PUT', url: `/api/posts/${post.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expectMalloryNamed(
      (await receivedBy('Update', `${a.origin}/ap/posts/${post.id}`)).activity.object as Received,
    );
  });
});

describe('a comment mentioning someone elsewhere', () => {
  it('reaches Mallory as a Note naming and linking her', async () => {
    const post = await createPost(a.api, ann.token, { title: 'Chapter 6' });
    const res = await a.api.app.inject({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      headers: bearer(ann.token),
      payload: { content: `What do you think, ${malloryAccount()}?` },
    });
    expect(res.statusCode, res.body).toBe(201);
    const comment = res.json() as Comment;
    const create = await receivedBy('Create', `${a.origin}/ap/comments/${comment.id}`);
    expect(create.path).toBe('/inbox');
    expectMalloryNamed(create.activity.object as Received);
  });
});

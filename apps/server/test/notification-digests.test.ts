import { DIGEST_MESSAGES } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import PostalMime, { type Email } from 'postal-mime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueue } from '../src/lib/jobs.js';
import { signedLinkToken } from '../src/lib/link-tokens.js';
import { createMailer } from '../src/lib/mail.js';
import { SEND_DIGESTS_JOB } from '../src/modules/notifications/digests.jobs.js';
import { createDigestService } from '../src/modules/notifications/digests.service.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { createTestApp, type TestApp, testConfig } from './helpers/app.js';
import { startGroup } from './helpers/groups.js';
import { createPlan, setTopicStatus } from './helpers/plans.js';
import { createPost } from './helpers/posts.js';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp-server.js';
import { addComment, callAs, follow, toggleLike } from './helpers/social.js';

const ORIGIN = 'https://learn.example.com';

let t: TestApp;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { smtpUrl: smtp.url, publicUrl: ORIGIN, schedules: true } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const mailsTo = (account: TestAccount) =>
  smtp.received.filter((mail) => mail.to.includes(account.user.email!));
const parsedDigestOf = async (account: TestAccount) => {
  const [mail] = mailsTo(account);
  expect(mail).toBeDefined();
  return PostalMime.parse(mail!.raw);
};
const header = (parsed: Email, key: string) => parsed.headers.find((h) => h.key === key.toLowerCase())?.value;
const unsubscribeUrlOf = (parsed: Email) => /^<(.+)>$/.exec(header(parsed, 'List-Unsubscribe') ?? '')?.[1];
const preferencesOf = async (account: TestAccount) =>
  (await callAs(t, account, { url: '/api/notifications/preferences' })).json();
const changePreferences = (account: TestAccount, payload: object) =>
  callAs(t, account, { method: 'PUT', url: '/api/notifications/preferences', payload });

/** Someone with one unread notification: a like of their post by `liker`. */
async function withUnreadLike(liker: TestAccount, fields: { name?: string } = {}) {
  const owner = await signUp(t, fields);
  const post = await createPost(t, owner.token, { title: `A post of ${owner.user.name}` });
  expect((await toggleLike(t, liker, post.id)).statusCode).toBe(200);
  return owner;
}

describe('the digest mail', () => {
  let ann: TestAccount;
  let unsubscribeUrl: string;

  it('tells of unread notifications, new posts followed and plans in progress, as text and HTML', async () => {
    ann = await signUp(t, { name: 'Ann Lee' });
    const bob = await signUp(t, { name: 'Bob Ray' });
    const carl = await signUp(t, { name: 'Carl Day' });
    const dana = await signUp(t, { name: 'Dana Fox' });
    const post = await createPost(t, ann.token, { title: 'My first week with Rust' });
    await toggleLike(t, bob, post.id);
    await toggleLike(t, carl, post.id);
    await addComment(t, bob, post.id, 'Welcome aboard!');
    // Ann follows Bob and the tag rust: their new posts are news, escaped where the HTML shows them.
    expect((await follow(t, ann, bob)).statusCode).toBe(200);
    expect((await callAs(t, ann, { method: 'POST', url: '/api/tags/rust/follow' })).statusCode).toBe(200);
    const bobsPost = await createPost(t, bob.token, {
      title: 'Generics <script>alert("x")</script> & traits',
      content: 'Trait bounds, **explained** with <b>examples</b>.',
    });
    const tagged = await createPost(t, dana.token, { title: 'Borrow checker tips', tags: ['rust'] });
    const plan = await createPlan(t, ann.token, { title: 'Learn Rust in a month' });
    expect((await setTopicStatus(t, ann.token, plan, plan.topics[0]!.id, 'COMPLETED')).statusCode).toBe(200);

    const sent = await t.app.digests.sendDue();
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const parsed = await parsedDigestOf(ann);
    expect(mailsTo(ann)).toHaveLength(1);
    expect(parsed.subject).toBe(DIGEST_MESSAGES.subject('WEEKLY', 3));
    expect(header(parsed, 'Content-Type')).toMatch(/^multipart\/alternative;/);

    const text = parsed.text!;
    expect(text).toContain(DIGEST_MESSAGES.greeting('Ann Lee'));
    expect(text).toContain(`Carl Day and Bob Ray liked your post\n  ${ORIGIN}/post/${post.id}`);
    expect(text).toContain('Bob Ray commented on your post');
    expect(text).toContain(`Bob Ray: Generics <script>alert("x")</script> & traits`);
    expect(text).toContain('Trait bounds, explained with <b>examples</b>.');
    expect(text).toContain(`${ORIGIN}/post/${bobsPost.id}`);
    expect(text).toContain(`Dana Fox: Borrow checker tips\n`);
    expect(text).toContain(`${ORIGIN}/post/${tagged.id}`);
    expect(text).toContain(`Learn Rust in a month\n  ${DIGEST_MESSAGES.planProgress(1, 2)}`);
    expect(DIGEST_MESSAGES.planProgress(1, 2)).toBe('1 of 2 topics done (50 %)');

    const html = parsed.html!;
    expect(html).toContain(`<a href="${ORIGIN}/post/${post.id}">Carl Day and Bob Ray liked your post</a>`);
    expect(html).toContain('Generics &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; traits');
    expect(html).toContain('&lt;b&gt;examples&lt;/b&gt;');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain(`<a href="${ORIGIN}/learning-plan/${plan.id}">Learn Rust in a month</a>`);

    // RFC 8058: the link and the one-click POST, also at the foot of both parts.
    unsubscribeUrl = unsubscribeUrlOf(parsed)!;
    expect(unsubscribeUrl).toMatch(
      new RegExp(`^${ORIGIN}/api/notifications/digest/unsubscribe\\?token=${ann.user.id}\\.[\\w-]{43}$`),
    );
    expect(header(parsed, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`${DIGEST_MESSAGES.unsubscribe}: ${unsubscribeUrl}`);
    expect(html).toContain(`<a href="${unsubscribeUrl}">${DIGEST_MESSAGES.unsubscribe}</a>`);
  });

  it("links a study group's notifications to the group's page", async () => {
    const cleo = await signUp(t, { name: 'Cleo Park' });
    const dan = await signUp(t, { name: 'Dan Moss' });
    const plan = await createPlan(t, cleo.token, { isPublic: true });
    const group = await startGroup(t, cleo, plan, { name: 'Rust circle' });
    const joined = await callAs(t, dan, {
      method: 'POST',
      url: `/api/groups/${group.id}/members`,
      payload: {},
    });
    expect(joined.statusCode, joined.body).toBe(200);

    await t.app.digests.sendDue();
    const parsed = await parsedDigestOf(cleo);
    expect(parsed.text).toContain(
      `Dan Moss joined your study group "Rust circle"\n  ${ORIGIN}/groups/${group.id}`,
    );
    expect(parsed.html).toContain(`<a href="${ORIGIN}/groups/${group.id}">`);
  });

  it('comes once a period: not again this week, again once the next week began', async () => {
    const bob = await signUp(t);
    await addComment(t, bob, (await createPost(t, ann.token)).id, 'One more');
    await t.app.digests.sendDue();
    expect(mailsTo(ann)).toHaveLength(1);

    // A week passes: the first digest and all it told of were a week ago, and the comment is still news.
    await t.db.execute(sql`update notification_digests set sent_at = sent_at - interval '7 days'
      where user_id = ${ann.user.id}`);
    await t.db.execute(sql`update notifications set created_at = created_at - interval '7 days'
      where recipient_id = ${ann.user.id}`);
    await t.app.digests.sendDue();
    expect(mailsTo(ann)).toHaveLength(2);
    const second = await PostalMime.parse(mailsTo(ann)[1]!.raw);
    expect(second.subject).toBe(DIGEST_MESSAGES.subject('WEEKLY', 1));
    expect(second.text).toContain(`${bob.user.name} commented on your post`);
    expect(second.text).not.toContain('liked your post');
  });

  it('comes daily to whoever asked for it daily', async () => {
    const liker = await signUp(t);
    const erin = await withUnreadLike(liker);
    expect((await changePreferences(erin, { digest: 'DAILY' })).statusCode).toBe(200);
    await t.app.digests.sendDue();
    const parsed = await parsedDigestOf(erin);
    expect(parsed.subject).toBe(DIGEST_MESSAGES.subject('DAILY', 1));

    await toggleLike(t, liker, (await createPost(t, erin.token)).id);
    await t.app.digests.sendDue();
    expect(mailsTo(erin)).toHaveLength(1);
    await t.db.execute(sql`update notification_digests set sent_at = sent_at - interval '1 day'
      where user_id = ${erin.user.id}`);
    await t.app.digests.sendDue();
    expect(mailsTo(erin)).toHaveLength(2);
  });

  it('unsubscribes in one POST without a session, after a GET that only asks to confirm', async () => {
    const { pathname, search } = new URL(unsubscribeUrl);
    const page = await t.app.inject({ url: `${pathname}${search}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(DIGEST_MESSAGES.confirmTitle);
    expect(page.body).toContain(`<form method="post" action="unsubscribe${search}">`);
    expect(page.body).toContain(`<button type="submit">${DIGEST_MESSAGES.confirmButton}</button>`);
    expect((await preferencesOf(ann)).digest).toBe('WEEKLY');

    // What a mail provider sends (RFC 8058): a form body, no cookie, no token.
    const res = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: DIGEST_MESSAGES.unsubscribed });
    const preferences = await preferencesOf(ann);
    expect(preferences.digest).toBe('OFF');
    expect(preferences.types.LIKE).toEqual({ inApp: true, push: false, email: true });

    // The page's own button: a browser asking for HTML is answered a page; a second click changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html,*/*;q=0.8' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(again.body).toContain(DIGEST_MESSAGES.unsubscribed);
    expect((await preferencesOf(ann)).digest).toBe('OFF');

    // Off: a new unread notification, a new week, and still no digest.
    await toggleLike(t, await signUp(t), (await createPost(t, ann.token)).id);
    await t.db.execute(sql`update notification_digests set sent_at = sent_at - interval '7 days'
      where user_id = ${ann.user.id}`);
    await t.app.digests.sendDue();
    expect(mailsTo(ann)).toHaveLength(2);
  });

  it('refuses a link it did not sign, with the contract message', async () => {
    const forged = [
      `${ann.user.id}.${'A'.repeat(43)}`,
      signedLinkToken('digest-unsubscribe', ann.user.id, 'another server secret that is long enough'),
      signedLinkToken('password-reset', ann.user.id, testConfig.jwtSecret),
      '99999999999.abc',
      '',
    ];
    for (const token of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/notifications/digest/unsubscribe?token=${encodeURIComponent(token)}`,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(DIGEST_MESSAGES.invalidToken);
      }
    }
  });
});

describe('who gets no digest', () => {
  it('nobody with nothing unread, only unread kinds mailed off, the digest OFF or a suspended account', async () => {
    const liker = await signUp(t);
    const allRead = await withUnreadLike(liker);
    expect(
      (await callAs(t, allRead, { method: 'PATCH', url: '/api/notifications/read-all' })).statusCode,
    ).toBe(200);
    const likesOff = await withUnreadLike(liker);
    expect((await changePreferences(likesOff, { types: { LIKE: { email: false } } })).statusCode).toBe(200);
    const off = await withUnreadLike(liker);
    expect((await changePreferences(off, { digest: 'OFF' })).statusCode).toBe(200);
    const quiet = await signUp(t);
    const suspended = await withUnreadLike(liker);
    await t.db.execute(sql`update users set suspended_at = now() where id = ${suspended.user.id}`);
    const mailed = await withUnreadLike(liker);

    await t.app.digests.sendDue();
    expect(mailsTo(mailed)).toHaveLength(1);
    for (const account of [allRead, likesOff, off, quiet, suspended, liker]) {
      expect(mailsTo(account)).toEqual([]);
    }
  });
});

describe('sending', () => {
  it('mails each person once when two workers run at the same time', async () => {
    const liker = await signUp(t);
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await withUnreadLike(liker));
    const otherMailer = createMailer({ smtpUrl: smtp.url, from: testConfig.mailFrom, log: t.app.log });
    const otherWorker = createDigestService({
      db: t.db,
      mailer: otherMailer,
      publicUrl: ORIGIN,
      secret: testConfig.jwtSecret,
      previousSecret: undefined,
      log: t.app.log,
    });
    try {
      const [first, second] = await Promise.all([t.app.digests.sendDue(), otherWorker.sendDue()]);
      expect(first.sent + second.sent).toBe(people.length);
      for (const person of people) expect(mailsTo(person)).toHaveLength(1);
    } finally {
      otherMailer.close();
    }
  });

  it('costs the same statements for a batch of one as for a batch of five', async () => {
    const liker = await signUp(t);
    const statementsFor = async (recipients: number) => {
      for (let i = 0; i < recipients; i++) await withUnreadLike(liker);
      const { result, statements } = await t.queries.count(() => t.app.digests.sendBatch());
      expect(result).toEqual({ claimed: recipients, sent: recipients, failed: 0 });
      return statements;
    };
    const one = await statementsFor(1);
    expect(one).toBe(2);
    expect(await statementsFor(5)).toBe(one);
  });

  it('gives a failed send back, so the next run mails it', async () => {
    const gina = await withUnreadLike(await signUp(t));
    // Nothing listens on port 9 of this machine: the mail cannot be delivered.
    const brokenMailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: testConfig.mailFrom,
      log: t.app.log,
    });
    const broken = createDigestService({
      db: t.db,
      mailer: brokenMailer,
      publicUrl: ORIGIN,
      secret: testConfig.jwtSecret,
      previousSecret: undefined,
      log: t.app.log,
    });
    try {
      expect(await broken.sendDue()).toEqual({ claimed: 1, sent: 0, failed: 1 });
    } finally {
      brokenMailer.close();
    }
    expect(mailsTo(gina)).toEqual([]);
    expect(await t.app.digests.sendDue()).toEqual({ claimed: 1, sent: 1, failed: 0 });
    expect((await parsedDigestOf(gina)).subject).toBe(DIGEST_MESSAGES.subject('WEEKLY', 1));
  });

  it("is a job of the queue: one enqueued by another process is sent by this app's worker", async () => {
    const hana = await withUnreadLike(await signUp(t));
    const elsewhere = createJobQueue(t.database, t.app.log, { runWorkers: false });
    elsewhere.handle(SEND_DIGESTS_JOB, async () => {});
    await elsewhere.start();
    try {
      await t.db.transaction((tx) => elsewhere.send(tx, SEND_DIGESTS_JOB, {}));
      const mail = await smtp.mailTo(hana.user.email!);
      expect((await PostalMime.parse(mail.raw)).subject).toBe(DIGEST_MESSAGES.subject('WEEKLY', 1));
    } finally {
      await elsewhere.stop();
    }
  });

  it('is a periodic job of the queue, stored in the database', async () => {
    const result = (await t.db.execute(
      sql`select cron, timezone from pgboss.schedule where name = ${SEND_DIGESTS_JOB}`,
    )) as unknown as { rows: { cron: string; timezone: string }[] };
    expect(result.rows).toEqual([{ cron: '0 * * * *', timezone: 'UTC' }]);
  });
});

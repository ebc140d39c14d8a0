import type { Group, NotificationGroup } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import { MODERATOR_EMAIL, type TestApp } from './helpers/app.js';
import { createPlan } from './helpers/plans.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

let people = 0;
/** A new person whose name (and so handle) is unique in the file. */
const person = (first: string) => signUp(t, { name: `${first} Gd${++people}` });

/** A public group founded by `founder`, with `members` joined. */
async function groupWith(founder: TestAccount, members: TestAccount[], name = 'Rust evenings') {
  const plan = await createPlan(t, founder.token);
  const res = await call(founder, { method: 'POST', url: '/api/groups', payload: { planId: plan.id, name } });
  expect(res.statusCode, res.body).toBe(201);
  const group: Group = res.json();
  for (const member of members) {
    const joined = await call(member, {
      method: 'POST',
      url: `/api/groups/${group.id}/members`,
      payload: {},
    });
    expect(joined.statusCode, joined.body).toBeLessThan(300);
  }
  return group;
}

async function post(account: TestAccount, group: Group, content: string, replyToId?: number) {
  const res = await call(account, {
    method: 'POST',
    url: `/api/groups/${group.id}/posts`,
    payload: { content, replyToId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number };
}

type Notice = { type: string; message: string; entityType: string; entityId: number };

/** The account's notifications of `type` about the group, newest first, as "message → link". */
async function noticesOf(account: TestAccount, type: string, group: Group): Promise<string[]> {
  const res = await call(account, { url: '/api/notifications?size=50' });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .content.filter((n: Notice) => n.type === type && n.entityId === group.id)
    .map((n: Notice) => `${n.message} → ${n.entityType}`);
}

async function storedNotices(account: TestAccount, type: string): Promise<number> {
  const result = (await t.db.execute(sql`select count(*)::int as n from notifications
    where recipient_id = ${account.user.id} and type = ${type}`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

const block = async (blocker: TestAccount, blocked: TestAccount) =>
  expect(
    (await call(blocker, { method: 'PUT', url: `/api/users/${blocked.user.id}/block` })).statusCode,
  ).toBeLessThan(300);

describe('notifications of the group discussion', () => {
  it('tells the other members of a post, grouped per group, never its author', async () => {
    const cat = await person('Cat');
    const dan = await person('Dan');
    const group = await groupWith(ann, [bob, cat, dan]);
    const other = await groupWith(ann, [bob], 'Go mornings');

    await post(bob, group, 'Week 1: who has read chapter 4?');
    for (const member of [ann, cat, dan]) {
      expect(await noticesOf(member, 'GROUP_POST', group)).toEqual([
        'Bob Stone posted in your study group "Rust evenings" → group',
      ]);
    }
    expect(await noticesOf(bob, 'GROUP_POST', group)).toEqual([]);

    // Another post of Bob's while the first is unread adds nothing; others' posts group with his.
    await post(bob, group, 'And chapter 5?');
    await post(cat, group, 'Done with both');
    await post(dan, group, 'Halfway');
    await post(bob, other, 'Elsewhere');
    expect(await noticesOf(ann, 'GROUP_POST', group)).toHaveLength(3);
    const groups: NotificationGroup[] = (await call(ann, { url: '/api/notifications/groups' })).json()
      .content;
    expect(groups.filter((g) => g.type === 'GROUP_POST').map((g) => [g.message, g.entityId])).toEqual([
      ['Bob Stone posted in your study group "Go mornings"', other.id],
      [`${dan.user.name} and 2 others posted in your study group`, group.id],
    ]);
  });

  it("tells a post's author of a reply, and no one else", async () => {
    const cat = await person('Cat');
    const dan = await person('Dan');
    const group = await groupWith(ann, [bob, cat, dan]);
    const question = await post(bob, group, 'Who is in for pairing?');

    await post(cat, group, 'Me!', question.id);
    await post(bob, group, 'Great', question.id);
    expect(await noticesOf(bob, 'GROUP_REPLY', group)).toEqual([
      `${cat.user.name} replied to your post in your study group "Rust evenings" → group`,
    ]);
    for (const member of [ann, cat, dan]) expect(await noticesOf(member, 'GROUP_REPLY', group)).toEqual([]);
    // A reply is not a new post for the others.
    expect(await noticesOf(ann, 'GROUP_POST', group)).toEqual([
      'Bob Stone posted in your study group "Rust evenings" → group',
    ]);

    // Once its author has left the group, a reply to their post tells them nothing.
    const left = await post(dan, group, 'Leaving soon');
    expect((await call(dan, { method: 'DELETE', url: `/api/groups/${group.id}/members` })).statusCode).toBe(
      204,
    );
    await post(cat, group, 'Bye', left.id);
    expect(await noticesOf(dan, 'GROUP_REPLY', group)).toEqual([]);
  });

  it('tells mentioned members only: a mention of someone outside the group tells them nothing', async () => {
    const cat = await person('Cat');
    const eve = await person('Eve');
    const group = await groupWith(ann, [bob, cat]);

    const first = await post(bob, group, `@${cat.user.handle} and @${eve.user.handle}, see chapter 4`);
    expect(await noticesOf(cat, 'MENTION', group)).toEqual([
      'Bob Stone mentioned you in your study group "Rust evenings" → group',
    ]);
    expect(await storedNotices(eve, 'MENTION')).toBe(0);
    expect((await call(eve, { url: '/api/notifications/unread/count' })).json()).toBe(0);

    await post(cat, group, `Thanks @${bob.user.handle}! @${eve.user.handle} is not here`, first.id);
    expect(await noticesOf(bob, 'MENTION', group)).toEqual([
      `${cat.user.name} mentioned you in your study group "Rust evenings" → group`,
    ]);
    expect(await storedNotices(eve, 'MENTION')).toBe(0);
  });

  it('never crosses a block either way, nor reaches a suspended member', async () => {
    const cat = await person('Cat');
    const dan = await person('Dan');
    const sue = await person('Sue');
    const group = await groupWith(ann, [bob, cat, dan, sue]);
    await block(cat, bob);
    await block(bob, dan);
    const moderator = await signUp(t, { name: 'Mo Derator', email: MODERATOR_EMAIL });
    const suspended = await call(moderator, {
      method: 'POST',
      url: `/api/moderation/users/${sue.user.id}/suspend`,
      payload: { reason: 'Spam, again and again' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);

    const question = await post(bob, group, `@${cat.user.handle} @${dan.user.handle} @${sue.user.handle}?`);
    expect(await noticesOf(ann, 'GROUP_POST', group)).toHaveLength(1);
    for (const member of [cat, dan]) {
      expect(await noticesOf(member, 'GROUP_POST', group)).toEqual([]);
      expect(await noticesOf(member, 'MENTION', group)).toEqual([]);
    }
    expect(await storedNotices(sue, 'GROUP_POST')).toBe(0);
    expect(await storedNotices(sue, 'MENTION')).toBe(0);

    // Nor does Bob hear of those he blocked or who blocked him, replying or posting.
    await post(cat, group, 'Hm', question.id);
    await post(dan, group, `Hi @${bob.user.handle}`);
    expect(await noticesOf(bob, 'GROUP_REPLY', group)).toEqual([]);
    expect(await noticesOf(bob, 'GROUP_POST', group)).toEqual([]);
    expect(await noticesOf(bob, 'MENTION', group)).toEqual([]);
    expect(await noticesOf(ann, 'GROUP_POST', group)).toHaveLength(2);
  });

  it('has its own switches in the notification preferences', async () => {
    const cat = await person('Cat');
    const group = await groupWith(ann, [bob, cat]);
    const off = await call(cat, {
      method: 'PUT',
      url: '/api/notifications/preferences',
      payload: { types: { GROUP_POST: { inApp: false }, GROUP_REPLY: { inApp: false } } },
    });
    expect(off.statusCode, off.body).toBe(200);

    const question = await post(cat, group, 'Anyone?');
    await post(bob, group, 'Me', question.id);
    await post(bob, group, `A new week, @${cat.user.handle}`);
    expect(await noticesOf(cat, 'GROUP_REPLY', group)).toEqual([]);
    expect(await noticesOf(cat, 'GROUP_POST', group)).toEqual([]);
    expect(await noticesOf(cat, 'MENTION', group)).toHaveLength(1);
    expect(await noticesOf(ann, 'GROUP_POST', group)).toHaveLength(2);
  });

  it('costs the same statements whatever the number of members', async () => {
    const few = await groupWith(ann, [bob]);
    const crowd = await Promise.all(Array.from({ length: 8 }, (_, i) => person(`Many${i}`)));
    const many = await groupWith(ann, [bob, ...crowd]);
    const postIn = (group: Group) => () => post(bob, group, `Hello @${ann.user.handle}`);

    const small = await t.queries.count(postIn(few));
    const large = await t.queries.count(postIn(many));
    expect(large.statements).toBe(small.statements);
    expect(await noticesOf(crowd[7]!, 'GROUP_POST', many)).toHaveLength(1);
    expect(await noticesOf(ann, 'MENTION', many)).toHaveLength(1);
  });
});

import {
  GROUP_MESSAGES,
  type Group,
  type GroupBoard,
  type GroupRemovalPage,
  type LearningPlan,
  PLAN_MESSAGES,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectedCompleted } from '../src/modules/groups/groups.service.js';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { startGroup as startGroupIn } from './helpers/groups.js';
import { createPlan } from './helpers/plans.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

const startGroup = (account: TestAccount, plan: LearningPlan, fields: object = {}) =>
  startGroupIn(t, account, plan, fields);

const join = (account: TestAccount, group: { id: number }, inviteToken?: string) =>
  call(account, { method: 'POST', url: `/api/groups/${group.id}/members`, payload: { inviteToken } });

async function board(account: TestAccount, group: { id: number }, query = ''): Promise<GroupBoard> {
  const res = await call(account, { url: `/api/groups/${group.id}/progress${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const setTopic = (account: TestAccount, plan: LearningPlan, index: number, status: string) =>
  call(account, {
    method: 'PATCH',
    url: `/api/learning-plans/${plan.id}/topics/${plan.topics[index]!.id}/user-progress?status=${status}`,
  });

describe('study groups', () => {
  it('starts a group on a visible plan, with its founder as organiser and an invite link', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan, { isPublic: false, startDate: '2025-01-01', topicsPerWeek: 1 });
    expect(group).toMatchObject({
      name: 'Rustaceans',
      description: 'Weekly',
      isPublic: false,
      plan: { id: plan.id, title: plan.title },
      founder: { id: ann.user.id, name: 'Ann Lee' },
      startDate: '2025-01-01',
      topicsPerWeek: 1,
      memberCount: 1,
      viewerRole: 'FOUNDER',
    });
    expect(group.inviteToken).toMatch(/^[\w-]{20,}$/);

    const mine = (await call(ann, { url: '/api/groups' })).json();
    expect(mine.content.map((g: Group) => g.id)).toContain(group.id);
  });

  it('refuses a plan the creator cannot see, and bad input, with the contract’s messages', async () => {
    const hidden = await createPlan(t, bob.token, { isPublic: false });
    const res = await call(ann, {
      method: 'POST',
      url: '/api/groups',
      payload: { planId: hidden.id, name: 'Mine' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(PLAN_MESSAGES.planNotFound);

    const plan = await createPlan(t, ann.token);
    for (const [payload, message] of [
      [{ planId: plan.id, name: '  ' }, GROUP_MESSAGES.nameRequired],
      [{ planId: plan.id, name: 'x', topicsPerWeek: 0 }, GROUP_MESSAGES.topicsPerWeekInvalid],
      [{ planId: plan.id, name: 'x', startDate: 'soon' }, GROUP_MESSAGES.invalidDate],
      // PostgreSQL has no year 0000: the contract refuses it before a cast could fail (a 500).
      [{ planId: plan.id, name: 'x', startDate: '0000-01-01' }, GROUP_MESSAGES.dateOutOfRange],
      [{ planId: plan.id, name: 'x', startDate: '1899-12-31' }, GROUP_MESSAGES.dateOutOfRange],
    ] as const) {
      const bad = await call(ann, { method: 'POST', url: '/api/groups', payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
  });

  it('lets anyone join a public group, an invite-only one only with its current invite token', async () => {
    const plan = await createPlan(t, ann.token);
    const open = await startGroup(ann, plan);
    expect((await join(bob, open)).json()).toMatchObject({ viewerRole: 'MEMBER', memberCount: 2 });
    // The invite link is the organisers' to share.
    expect((await call(bob, { url: `/api/groups/${open.id}` })).json().inviteToken).toBeNull();

    const closed = await startGroup(ann, plan, { isPublic: false });
    expect((await call(bob, { url: `/api/groups/${closed.id}` })).statusCode).toBe(404);
    expect((await join(bob, closed)).statusCode).toBe(404);
    expect((await join(bob, closed, 'not-the-token')).statusCode).toBe(404);
    const seen = await call(bob, { url: `/api/groups/${closed.id}?invite=${closed.inviteToken}` });
    expect(seen.json()).toMatchObject({ name: 'Rustaceans', viewerRole: null });

    // A new link: the old one stops working.
    const renewed = await call(ann, { method: 'POST', url: `/api/groups/${closed.id}/invite` });
    expect(renewed.statusCode).toBe(200);
    expect((await join(bob, closed, closed.inviteToken!)).statusCode).toBe(404);
    expect((await call(bob, { method: 'POST', url: `/api/groups/${closed.id}/invite` })).statusCode).toBe(
      404,
    );
    const joined = await join(bob, closed, renewed.json().inviteToken);
    expect(joined.json().viewerRole).toBe('MEMBER');
    // Once a member, no token is needed; members cannot manage the link.
    expect((await call(bob, { url: `/api/groups/${closed.id}` })).statusCode).toBe(200);
    const refused = await call(bob, { method: 'DELETE', url: `/api/groups/${closed.id}/invite` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.organisersOnly);

    expect((await call(ann, { method: 'DELETE', url: `/api/groups/${closed.id}/invite` })).statusCode).toBe(
      204,
    );
    expect((await call(ann, { url: `/api/groups/${closed.id}` })).json().inviteToken).toBeNull();
  });

  it('lets members leave, the founder appoint organisers, and organisers remove members', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan);
    const cleo = await signUp(t, { name: 'Cleo Park' });
    await join(bob, group);
    await join(cleo, group);

    const founderLeaves = await call(ann, { method: 'DELETE', url: `/api/groups/${group.id}/members` });
    expect(founderLeaves.statusCode).toBe(400);
    expect(founderLeaves.json().message).toBe(GROUP_MESSAGES.founderCannotLeave);

    const byMember = await call(bob, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/members/${cleo.user.id}`,
    });
    expect(byMember.statusCode).toBe(403);
    const promote = (who: TestAccount, target: TestAccount, role: string) =>
      call(who, {
        method: 'PUT',
        url: `/api/groups/${group.id}/members/${target.user.id}/role`,
        payload: { role },
      });
    expect((await promote(bob, cleo, 'ORGANISER')).json().message).toBe(GROUP_MESSAGES.founderOnly);
    expect((await promote(ann, bob, 'ORGANISER')).statusCode).toBe(200);
    expect((await promote(ann, bob, 'CHIEF')).json().message).toContain(GROUP_MESSAGES.roleInvalid);

    const removed = await call(bob, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/members/${cleo.user.id}`,
    });
    expect(removed.statusCode).toBe(204);
    const removeAgain = await call(bob, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/members/${cleo.user.id}`,
    });
    expect(removeAgain.json().message).toBe(GROUP_MESSAGES.memberNotFound);

    expect((await call(bob, { method: 'DELETE', url: `/api/groups/${group.id}/members` })).statusCode).toBe(
      204,
    );
    const left = await call(bob, { method: 'DELETE', url: `/api/groups/${group.id}/members` });
    expect(left.json().message).toBe(GROUP_MESSAGES.notAMember);
    expect((await board(ann, group)).members.totalElements).toBe(1);
  });

  it('shows members against every topic on the board, with the pace, to members only', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan, { startDate: '2020-01-01', topicsPerWeek: 1 });
    await join(bob, group);
    expect((await setTopic(bob, plan, 0, 'COMPLETED')).statusCode).toBe(200);
    expect((await setTopic(bob, plan, 1, 'COMPLETED')).statusCode).toBe(200);
    expect((await setTopic(ann, plan, 0, 'IN_PROGRESS')).statusCode).toBe(200);

    const seen = await board(bob, group);
    expect(seen.topics).toEqual(plan.topics.map(({ id, title }) => ({ id, title })));
    expect(seen.expectedCompleted).toBe(2);
    expect(seen.members.content.map((m) => [m.user.name, m.role, m.statuses, m.completed, m.pace])).toEqual([
      ['Ann Lee', 'FOUNDER', ['IN_PROGRESS', 'NOT_STARTED'], 0, 'BEHIND'],
      ['Bob Stone', 'MEMBER', ['COMPLETED', 'COMPLETED'], 2, 'ON_TRACK'],
    ]);

    const stranger = await signUp(t, { name: 'Dee Stranger' });
    const refused = await call(stranger, { url: `/api/groups/${group.id}/progress` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.notAMember);
  });

  it('does not count skipped topics against a member on the pace', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan, { startDate: '2020-01-01', topicsPerWeek: 1 });
    await join(bob, group);
    expect((await setTopic(bob, plan, 0, 'SKIPPED')).statusCode).toBe(200);
    expect((await setTopic(bob, plan, 1, 'COMPLETED')).statusCode).toBe(200);
    expect((await setTopic(ann, plan, 0, 'SKIPPED')).statusCode).toBe(200);

    const seen = await board(ann, group);
    expect(seen.expectedCompleted).toBe(2);
    expect(seen.members.content.map((m) => [m.user.name, m.completed, m.skipped, m.pace])).toEqual([
      ['Ann Lee', 0, 1, 'BEHIND'],
      ['Bob Stone', 1, 1, 'ON_TRACK'],
    ]);
  });

  it('announces finished topics to the group, once each, newest first, in one statement a page', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan, { name: 'Finishers' });
    await join(bob, group);
    const activityOf = async (account: TestAccount, query = '') => {
      const res = await call(account, { url: `/api/groups/${group.id}/activity${query}` });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .content.map(
          (line: { user: { name: string }; topic: { title: string } }) =>
            `${line.user.name} finished ${line.topic.title}`,
        );
    };
    const empty = await t.queries.count(() => call(ann, { url: `/api/groups/${group.id}/activity` }));
    expect(empty.statements).toBe(1);

    await setTopic(bob, plan, 0, 'COMPLETED');
    await setTopic(bob, plan, 0, 'IN_PROGRESS');
    expect(await activityOf(ann)).toEqual([]);
    await setTopic(bob, plan, 0, 'COMPLETED');
    await setTopic(bob, plan, 1, 'COMPLETED');
    await setTopic(ann, plan, 1, 'SKIPPED');
    const full = await t.queries.count(() => call(ann, { url: `/api/groups/${group.id}/activity` }));
    expect(full.statements).toBe(1);
    expect(await activityOf(ann)).toEqual(['Bob Stone finished Traits', 'Bob Stone finished Ownership']);
    expect(await activityOf(bob, '?size=1&page=1')).toEqual(['Bob Stone finished Ownership']);

    // Done, undone and done again: one notification, and one per group while it is unread.
    const notices = (await call(ann, { url: '/api/notifications' }))
      .json()
      .content.filter(
        (n: { type: string; entityId: number }) => n.type === 'GROUP_TOPIC_DONE' && n.entityId === group.id,
      );
    expect(notices.map((n: { message: string }) => n.message)).toEqual([
      'Bob Stone finished "Ownership" in your study group "Finishers"',
    ]);
    const grouped = (await call(ann, { url: '/api/notifications/groups' })).json();
    const ours = grouped.content.filter(
      (g: { type: string; entityId: number }) => g.type === 'GROUP_TOPIC_DONE' && g.entityId === group.id,
    );
    expect(ours).toHaveLength(1);

    const stranger = await signUp(t, { name: 'Dee Outsider' });
    const refused = await call(stranger, { url: `/api/groups/${group.id}/activity` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.notAMember);
  });

  it('shows on a profile the public groups a person is in, invite-only ones to co-members only', async () => {
    const cat = await signUp(t, { name: 'Cat Joiner' });
    const plan = await createPlan(t, ann.token);
    const open = await startGroup(ann, plan, { name: 'Open evenings' });
    const closed = await startGroup(ann, plan, { name: 'Closed circle', isPublic: false });
    await join(cat, open);
    await join(cat, closed, closed.inviteToken!);
    const groupsOf = async (viewer: TestAccount) => {
      const res = await call(viewer, { url: `/api/users/${cat.user.id}/groups` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().content.map((g: Group) => g.name);
    };
    expect(await groupsOf(ann)).toEqual(['Closed circle', 'Open evenings']);
    expect(await groupsOf(bob)).toEqual(['Open evenings']);
    const one = await t.queries.count(() => call(bob, { url: `/api/users/${cat.user.id}/groups` }));
    expect(one.statements).toBe(1);
    expect((await call(null, { url: `/api/users/${cat.user.id}/groups` })).statusCode).toBe(401);
  });

  it('reads a board page in one statement however many members it holds', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan);
    const one = await t.queries.count(() => call(ann, { url: `/api/groups/${group.id}/progress` }));
    for (let i = 0; i < 5; i++) {
      const member = await signUp(t, { name: `Member ${i}` });
      await join(member, group);
      await setTopic(member, plan, i % 2, 'COMPLETED');
    }
    const many = await t.queries.count(() => call(ann, { url: `/api/groups/${group.id}/progress?size=4` }));
    expect(many.result.json().members.content).toHaveLength(4);
    expect(many.result.json().members.totalElements).toBe(6);
    expect(one.statements).toBe(1);
    expect(many.statements).toBe(1);
    const page2 = (await board(ann, group, '?size=4&page=1')).members;
    expect(page2.content).toHaveLength(2);
    expect(page2.last).toBe(true);
  });

  it('sorts the board by name, progress or joining, either way, before paging, in one statement', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan);
    const zed = await signUp(t, { name: 'zed Early' });
    const cat = await signUp(t, { name: 'Cat Middle' });
    const abe = await signUp(t, { name: 'Abe Late' });
    for (const member of [zed, cat, abe]) await join(member, group);
    // Passed topics (done or skipped) first, then done: Cat 2 done, Abe 1 done + 1 skipped, zed 1 done.
    await setTopic(cat, plan, 0, 'COMPLETED');
    await setTopic(cat, plan, 1, 'COMPLETED');
    await setTopic(abe, plan, 0, 'SKIPPED');
    await setTopic(abe, plan, 1, 'COMPLETED');
    await setTopic(zed, plan, 0, 'COMPLETED');
    const order = async (query: string) => {
      const counted = await t.queries.count(() =>
        call(bob, { url: `/api/groups/${group.id}/progress${query}` }),
      );
      expect(counted.statements).toBe(1);
      return (counted.result.json() as GroupBoard).members.content.map((m) => m.user.name);
    };
    await join(bob, group);

    expect(await order('')).toEqual(['Ann Lee', 'zed Early', 'Cat Middle', 'Abe Late', 'Bob Stone']);
    expect(await order('?sort=name')).toEqual([
      'Abe Late',
      'Ann Lee',
      'Bob Stone',
      'Cat Middle',
      'zed Early',
    ]);
    expect(await order('?sort=name&direction=desc')).toEqual([
      'zed Early',
      'Cat Middle',
      'Bob Stone',
      'Ann Lee',
      'Abe Late',
    ]);
    // Furthest along first unless asked otherwise; ties keep the board's own order (organisers first).
    expect(await order('?sort=progress')).toEqual([
      'Cat Middle',
      'Abe Late',
      'zed Early',
      'Ann Lee',
      'Bob Stone',
    ]);
    expect(await order('?sort=progress&direction=asc')).toEqual([
      'Ann Lee',
      'Bob Stone',
      'zed Early',
      'Abe Late',
      'Cat Middle',
    ]);
    expect(await order('?sort=joined&direction=desc')).toEqual([
      'Bob Stone',
      'Abe Late',
      'Cat Middle',
      'zed Early',
      'Ann Lee',
    ]);
    // Sorted before paging: the second page goes on where the first stopped.
    expect(await order('?sort=progress&size=2')).toEqual(['Cat Middle', 'Abe Late']);
    expect(await order('?sort=progress&size=2&page=1')).toEqual(['zed Early', 'Ann Lee']);

    for (const [query, message] of [
      ['?sort=mood', GROUP_MESSAGES.sortInvalid],
      ['?sort=name&direction=up', GROUP_MESSAGES.directionInvalid],
    ]) {
      const bad = await call(bob, { url: `/api/groups/${group.id}/progress${query}` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toContain(message);
    }
  });

  it('keeps a removed member out, even with a new invite link, until an organiser lets them back', async () => {
    const plan = await createPlan(t, ann.token);
    const open = await startGroup(ann, plan, { name: 'Open door' });
    const cleo = await signUp(t, { name: 'Cleo Removed' });
    await join(bob, open);
    await join(cleo, open);
    const removeFrom = (who: TestAccount, group: { id: number }, target: TestAccount) =>
      call(who, { method: 'DELETE', url: `/api/groups/${group.id}/members/${target.user.id}` });
    expect((await removeFrom(ann, open, cleo)).statusCode).toBe(204);

    const refused = await join(cleo, open);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.removed);
    // Leaving of one's own accord is no removal: Bob comes back at once.
    await call(bob, { method: 'DELETE', url: `/api/groups/${open.id}/members` });
    expect((await join(bob, open)).statusCode).toBe(200);

    const closed = await startGroup(ann, plan, { name: 'Closed door', isPublic: false });
    await join(cleo, closed, closed.inviteToken!);
    expect((await removeFrom(ann, closed, cleo)).statusCode).toBe(204);
    const renewed = (await call(ann, { method: 'POST', url: `/api/groups/${closed.id}/invite` })).json();
    expect((await join(cleo, closed, renewed.inviteToken)).json().message).toBe(GROUP_MESSAGES.removed);

    // Organisers see who was removed, by whom; members do not.
    const removals = await call(ann, { url: `/api/groups/${open.id}/removals` });
    expect(removals.statusCode, removals.body).toBe(200);
    expect(removals.json()).toMatchObject({
      totalElements: 1,
      content: [
        {
          user: { id: cleo.user.id, name: 'Cleo Removed' },
          removedBy: { id: ann.user.id, name: 'Ann Lee' },
          removedAt: expect.any(String),
        },
      ],
    });
    const byMember = await call(bob, { url: `/api/groups/${open.id}/removals` });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe(GROUP_MESSAGES.organisersOnly);
    const lift = (who: TestAccount, target: TestAccount) =>
      call(who, { method: 'DELETE', url: `/api/groups/${open.id}/removals/${target.user.id}` });
    expect((await lift(bob, cleo)).statusCode).toBe(403);

    // Let back, Cleo joins again herself; the other group's removal stands.
    expect((await lift(ann, cleo)).statusCode).toBe(204);
    const again = await lift(ann, cleo);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(GROUP_MESSAGES.removalNotFound);
    expect((await call(cleo, { url: `/api/groups/${open.id}` })).json().viewerRole).toBeNull();
    expect((await join(cleo, open)).json().viewerRole).toBe('MEMBER');
    expect((await call(ann, { url: `/api/groups/${open.id}/removals` })).json().totalElements).toBe(0);
    expect((await join(cleo, closed, renewed.inviteToken)).statusCode).toBe(403);

    // An organiser who removes themselves has left: no removal keeps them out.
    await call(ann, {
      method: 'PUT',
      url: `/api/groups/${open.id}/members/${bob.user.id}/role`,
      payload: { role: 'ORGANISER' },
    });
    expect((await removeFrom(bob, open, bob)).statusCode).toBe(204);
    expect((await join(bob, open)).statusCode).toBe(200);
  });

  it('keeps blocked people out: they cannot join or see the group, and are hidden on the board', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan);
    const eve = await signUp(t, { name: 'Eve Blocked' });
    const fay = await signUp(t, { name: 'Fay Member' });
    await join(fay, group);
    expect(
      (await call(ann, { method: 'PUT', url: `/api/users/${eve.user.id}/block` })).statusCode,
    ).toBeLessThan(300);
    expect((await join(eve, group)).statusCode).toBe(404);
    expect((await call(eve, { url: `/api/groups/${group.id}` })).statusCode).toBe(404);

    // Fay blocks Bob after he joined: he is not on her board, but still on the founder's.
    await join(bob, group);
    expect(
      (await call(fay, { method: 'PUT', url: `/api/users/${bob.user.id}/block` })).statusCode,
    ).toBeLessThan(300);
    const names = (b: GroupBoard) => b.members.content.map((m) => m.user.name);
    expect(names(await board(fay, group))).toEqual(['Ann Lee', 'Fay Member']);
    expect(names(await board(ann, group))).toEqual(['Ann Lee', 'Fay Member', 'Bob Stone']);

    // Ann removes Bob: the removal list of Fay, made an organiser, leaves him out as her board does.
    await call(ann, {
      method: 'PUT',
      url: `/api/groups/${group.id}/members/${fay.user.id}/role`,
      payload: { role: 'ORGANISER' },
    });
    await call(ann, { method: 'DELETE', url: `/api/groups/${group.id}/members/${bob.user.id}` });
    const removed = async (who: TestAccount) =>
      (await call(who, { url: `/api/groups/${group.id}/removals` })).json() as GroupRemovalPage;
    expect((await removed(ann)).content.map((r) => r.user.name)).toEqual(['Bob Stone']);
    expect(await removed(fay)).toMatchObject({ totalElements: 0, content: [] });
  });

  it('tells the organisers who joined, grouped like other notifications', async () => {
    const ivy = await signUp(t, { name: 'Ivy Founder' });
    const plan = await createPlan(t, ivy.token);
    const group = await startGroup(ivy, plan, { name: 'Night owls' });
    const gus = await signUp(t, { name: 'Gus Joiner' });
    const hal = await signUp(t, { name: 'Hal Joiner' });
    await join(gus, group);
    await join(hal, group);
    const list = (await call(ivy, { url: '/api/notifications' })).json();
    const joined = list.content.filter((n: { type: string }) => n.type === 'GROUP_JOINED');
    expect(joined.map((n: { message: string }) => n.message)).toEqual([
      'Hal Joiner joined your study group "Night owls"',
      'Gus Joiner joined your study group "Night owls"',
    ]);
    const groups = (await call(ivy, { url: '/api/notifications/groups' })).json();
    const grouped = groups.content.find((g: { type: string }) => g.type === 'GROUP_JOINED');
    expect(grouped).toMatchObject({
      actorCount: 2,
      message: 'Hal Joiner and Gus Joiner joined your study group',
    });
    expect((await call(gus, { url: '/api/notifications' })).json().content).toEqual([]);
  });
});

describe('the discussion', () => {
  const post = (account: TestAccount, group: { id: number }, payload: object) =>
    call(account, { method: 'POST', url: `/api/groups/${group.id}/posts`, payload });

  it('lets members post and reply in Markdown, seen by members only, in one statement a page', async () => {
    const plan = await createPlan(t, ann.token);
    const group = await startGroup(ann, plan);
    await join(bob, group);
    const first = await post(ann, group, { content: 'Week 1: **ownership**' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      content: 'Week 1: **ownership**',
      author: { id: ann.user.id },
      replies: [],
    });
    const reply = await post(bob, group, { content: 'Done!', replyToId: first.json().id });
    expect(reply.statusCode).toBe(201);
    // A reply to a reply, or to another group's post, is refused.
    const nested = await post(ann, group, { content: 'Nested', replyToId: reply.json().id });
    expect(nested.statusCode).toBe(404);
    expect(nested.json().message).toBe(GROUP_MESSAGES.postNotFound);

    const one = await t.queries.count(() => call(bob, { url: `/api/groups/${group.id}/posts` }));
    expect(one.statements).toBe(1);
    for (let i = 0; i < 4; i++) await post(bob, group, { content: `Note ${i}` });
    const many = await t.queries.count(() => call(bob, { url: `/api/groups/${group.id}/posts?size=3` }));
    expect(many.statements).toBe(1);
    expect(many.result.json().totalElements).toBe(5);
    const last = (await call(bob, { url: `/api/groups/${group.id}/posts?size=3&page=1` })).json();
    expect(last.content.map((p: { content: string }) => p.content)).toEqual([
      'Note 0',
      'Week 1: **ownership**',
    ]);
    expect(last.content[1].replies.map((r: { content: string }) => r.content)).toEqual(['Done!']);

    const stranger = await signUp(t, { name: 'Outsider' });
    expect((await call(stranger, { url: `/api/groups/${group.id}/posts` })).statusCode).toBe(403);
    const refused = await post(stranger, group, { content: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(GROUP_MESSAGES.notAMember);
    const blank = await post(bob, group, { content: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(GROUP_MESSAGES.postRequired);
    // Group posts are in no other list.
    const feed = (await call(bob, { url: `/api/posts?size=50` })).json();
    expect(JSON.stringify(feed)).not.toContain('Week 1');

    // Its author or an organiser deletes; another member may not.
    const bobs = reply.json().id;
    const notHis = await call(bob, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/posts/${first.json().id}`,
    });
    expect(notHis.statusCode).toBe(403);
    expect(notHis.json().message).toBe(GROUP_MESSAGES.notYourPost);
    // The organiser deletes the post, and its replies go with it.
    const byOther = await call(ann, {
      method: 'DELETE',
      url: `/api/groups/${group.id}/posts/${first.json().id}`,
    });
    expect(byOther.statusCode).toBe(204);
    const gone = await call(bob, { method: 'DELETE', url: `/api/groups/${group.id}/posts/${bobs}` });
    expect(gone.statusCode).toBe(404);
  });
});

describe('the pace', () => {
  it('expects topicsPerWeek for each week since the start, never more than every topic', () => {
    const day = 24 * 60 * 60 * 1000;
    const start = Date.parse('2025-01-01T00:00:00Z');
    expect(expectedCompleted(null, 2, 5, start)).toBeNull();
    expect(expectedCompleted('2025-01-01', null, 5, start)).toBeNull();
    expect(expectedCompleted('2025-01-01', 2, 5, start - day)).toBe(0);
    expect(expectedCompleted('2025-01-01', 2, 5, start + 7 * day)).toBe(2);
    expect(expectedCompleted('2025-01-01', 2, 5, start + 70 * day)).toBe(5);
  });
});

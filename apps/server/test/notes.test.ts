import {
  type LearningPlan,
  NOTE_LIMITS,
  NOTE_MESSAGES,
  type Note,
  PLAN_MESSAGES,
  type PlanNoteGroupPage,
  TEXT_MESSAGES,
} from '@pathwise/contract';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signUp, type TestAccount } from './helpers/accounts.js';
import { withAnnAndBob } from './helpers/ann-and-bob.js';
import type { TestApp } from './helpers/app.js';
import { createPlan, getPlan, planBody } from './helpers/plans.js';
import { callAs } from './helpers/social.js';

let t: TestApp;
let ann: TestAccount;
let bob: TestAccount;
withAnnAndBob((made) => ({ t, ann, bob } = made));

const call = (account: TestAccount | null, request: InjectOptions) => callAs(t, account, request);

const notePath = (plan: LearningPlan, topicIndex = 0, resourceIndex?: number) => {
  const topic = plan.topics[topicIndex]!;
  const base = `/api/learning-plans/${plan.id}/topics/${topic.id}`;
  return resourceIndex === undefined
    ? `${base}/note`
    : `${base}/resources/${topic.resources[resourceIndex]!.id}/note`;
};

const putNote = (account: TestAccount | null, path: string, content: unknown) =>
  call(account, { method: 'PUT', url: path, payload: { content } });

async function write(account: TestAccount, path: string, content: string): Promise<Note> {
  const res = await putNote(account, path, content);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function notesOn(account: TestAccount, plan: LearningPlan): Promise<Note[]> {
  const res = await call(account, { url: `/api/learning-plans/${plan.id}/notes` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function myNotes(account: TestAccount, query = ''): Promise<PlanNoteGroupPage> {
  const res = await call(account, { url: `/api/notes${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('private notes', () => {
  it('writes, replaces, reads and deletes the viewer’s own notes on topics and resources', async () => {
    const plan = await createPlan(t, ann.token);
    const onTopic = await write(bob, notePath(plan), '# Ownership\n\n- moves\n- **borrows**');
    expect(onTopic).toEqual({
      id: expect.any(Number),
      planId: plan.id,
      topicId: plan.topics[0]!.id,
      resourceId: null,
      content: '# Ownership\n\n- moves\n- **borrows**',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const onResource = await write(bob, notePath(plan, 0, 1), 'Watch at 1.5×');
    expect(onResource.resourceId).toBe(plan.topics[0]!.resources[1]!.id);

    const replaced = await write(bob, notePath(plan), 'Rewritten');
    expect(replaced.id).toBe(onTopic.id);
    expect(replaced.content).toBe('Rewritten');
    expect((await notesOn(bob, plan)).map((note) => note.content).sort()).toEqual([
      'Rewritten',
      'Watch at 1.5×',
    ]);
    expect((await call(bob, { url: `/api/notes/${onResource.id}` })).json()).toEqual(onResource);

    expect((await call(bob, { method: 'DELETE', url: `/api/notes/${onResource.id}` })).statusCode).toBe(204);
    expect((await call(bob, { url: `/api/notes/${onResource.id}` })).statusCode).toBe(404);
    expect((await notesOn(bob, plan)).map((note) => note.id)).toEqual([onTopic.id]);
  });

  it('shows a note to its writer only: others get 404, visitors 401, plan responses never carry it', async () => {
    const plan = await createPlan(t, ann.token);
    const note = await write(bob, notePath(plan), 'Only mine');

    for (const request of [
      { url: `/api/notes/${note.id}` },
      { method: 'DELETE' as const, url: `/api/notes/${note.id}` },
    ]) {
      const refused = await call(ann, request);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(NOTE_MESSAGES.noteNotFound);
      expect((await call(null, request)).statusCode).toBe(401);
    }
    expect(await notesOn(ann, plan)).toEqual([]);
    expect((await myNotes(ann)).content.flatMap((group) => group.notes)).toEqual([]);
    expect(JSON.stringify(await getPlan(t, ann.token, plan.id))).not.toContain('Only mine');
    expect(JSON.stringify(await getPlan(t, bob.token, plan.id))).not.toContain('Only mine');
    expect((await call(null, { url: `/api/learning-plans/${plan.id}/notes` })).statusCode).toBe(401);
    expect((await putNote(null, notePath(plan), 'x')).statusCode).toBe(401);
    expect((await call(null, { url: '/api/notes' })).statusCode).toBe(401);
    // Ann writing on the same topic writes her own note, leaving Bob's as it was.
    await write(ann, notePath(plan), 'Ann’s own');
    expect((await call(bob, { url: `/api/notes/${note.id}` })).json().content).toBe('Only mine');
  });

  it('refuses notes on plans the viewer cannot see, and on topics or resources of another plan', async () => {
    const secret = await createPlan(t, ann.token, { isPublic: false });
    const other = await createPlan(t, ann.token);
    const refused = await putNote(bob, notePath(secret), 'peek');
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(PLAN_MESSAGES.planNotFound);
    expect((await call(bob, { url: `/api/learning-plans/${secret.id}/notes` })).statusCode).toBe(404);

    const foreignTopic = await putNote(
      bob,
      `/api/learning-plans/${other.id}/topics/${secret.topics[0]!.id}/note`,
      'x',
    );
    expect(foreignTopic.statusCode).toBe(404);
    expect(foreignTopic.json().message).toBe(PLAN_MESSAGES.topicNotFound);
    const foreignResource = await putNote(
      bob,
      `/api/learning-plans/${other.id}/topics/${other.topics[1]!.id}` +
        `/resources/${other.topics[0]!.resources[0]!.id}/note`,
      'x',
    );
    expect(foreignResource.statusCode).toBe(404);
    expect(foreignResource.json().message).toBe(PLAN_MESSAGES.resourceNotFound);

    // A plan turned private takes its notes out of reach of everyone but its creator.
    const note = await write(bob, notePath(other), 'kept');
    await call(ann, {
      method: 'PUT',
      url: `/api/learning-plans/${other.id}`,
      payload: planBody({ isPublic: false }),
    });
    expect((await call(bob, { url: `/api/notes/${note.id}` })).statusCode).toBe(404);
    expect((await myNotes(bob)).content.some((group) => group.plan.id === other.id)).toBe(false);
  });

  it('refuses bad input with a clear 400', async () => {
    const plan = await createPlan(t, ann.token);
    const cases: [unknown, string][] = [
      ['x'.repeat(NOTE_LIMITS.contentMaxLength + 1), NOTE_MESSAGES.contentTooLong],
      ['a\u0000b', TEXT_MESSAGES.unstorable],
      ['   \n ', NOTE_MESSAGES.contentRequired],
      [42, NOTE_MESSAGES.contentRequired],
      [undefined, NOTE_MESSAGES.contentRequired],
    ];
    for (const [content, message] of cases) {
      const res = await putNote(bob, notePath(plan), content);
      expect(res.statusCode, String(content).slice(0, 20)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await write(bob, notePath(plan), 'x'.repeat(NOTE_LIMITS.contentMaxLength))).content).toHaveLength(
      NOTE_LIMITS.contentMaxLength,
    );
    const badId = await call(bob, { url: '/api/notes/abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toBe(NOTE_MESSAGES.invalidNoteId);
    const longQuery = await call(bob, { url: `/api/notes?q=${'a'.repeat(NOTE_LIMITS.queryMaxLength + 1)}` });
    expect(longQuery.statusCode).toBe(400);
    expect(longQuery.json().message).toBe(NOTE_MESSAGES.queryTooLong);
  });

  it('survives an edit of the plan that keeps its topic and resource, and goes with them when they go', async () => {
    const plan = await createPlan(t, ann.token);
    const onTopic = await write(bob, notePath(plan, 1), 'on traits');
    const onResource = await write(bob, notePath(plan, 0, 0), 'on the book');
    const [first, second] = plan.topics;

    const edit = (topics: unknown[]) =>
      call(ann, {
        method: 'PUT',
        url: `/api/learning-plans/${plan.id}`,
        payload: planBody({ title: 'Learn Rust, revised', topics: topics as never }),
      });
    // Reordered and renamed, with a new topic in front: ids are kept, so are the notes.
    const kept = await edit([
      { title: 'New start', resources: [] },
      { id: second!.id, title: 'Traits, renamed', resources: [] },
      {
        id: first!.id,
        title: first!.title,
        resources: first!.resources.map(({ id, title, url, type }) => ({ id, title, url, type })),
      },
    ]);
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await notesOn(bob, plan)).map((note) => note.content).sort()).toEqual([
      'on the book',
      'on traits',
    ]);

    // The resource dropped, then the topic: each takes its note along.
    await edit([
      { id: first!.id, title: first!.title, resources: [] },
      { id: second!.id, title: 'Traits', resources: [] },
    ]);
    expect((await call(bob, { url: `/api/notes/${onResource.id}` })).statusCode).toBe(404);
    await edit([{ id: first!.id, title: first!.title, resources: [] }]);
    expect((await call(bob, { url: `/api/notes/${onTopic.id}` })).statusCode).toBe(404);
    expect(await notesOn(bob, plan)).toEqual([]);
  });

  it('lists the writer’s notes grouped by plan, newest change first, in the plan’s order within one', async () => {
    const cara = await signUp(t, { name: 'Cara' });
    const older = await createPlan(t, ann.token, { title: 'Older plan' });
    const newer = await createPlan(t, ann.token, { title: 'Newer plan' });
    await write(cara, notePath(older, 1), 'second topic');
    await write(cara, notePath(older, 0, 1), 'second resource');
    await write(cara, notePath(older, 0), 'first topic');
    await write(cara, notePath(newer, 0), 'newest');

    const page = await myNotes(cara);
    expect(page).toMatchObject({ totalElements: 2, number: 0, first: true, last: true });
    expect(page.content.map((group) => group.plan)).toEqual([
      { id: newer.id, title: 'Newer plan' },
      { id: older.id, title: 'Older plan' },
    ]);
    expect(
      page.content[1]!.notes.map(({ content, topicTitle, resourceTitle }) => [
        content,
        topicTitle,
        resourceTitle,
      ]),
    ).toEqual([
      ['first topic', 'Ownership', null],
      ['second resource', 'Ownership', 'Borrowing video'],
      ['second topic', 'Traits', null],
    ]);
    const second = await myNotes(cara, '?page=1&size=1');
    expect(second).toMatchObject({ totalElements: 2, totalPages: 2, last: true });
    expect(second.content.map((group) => group.plan.id)).toEqual([older.id]);
  });

  it('searches the writer’s own notes only, by their words', async () => {
    const dan = await signUp(t, { name: 'Dan' });
    const erin = await signUp(t, { name: 'Erin' });
    const plan = await createPlan(t, ann.token);
    await write(dan, notePath(plan, 0), 'Lifetimes are **confusing** at first');
    await write(dan, notePath(plan, 1), 'Traits look like interfaces');
    await write(erin, notePath(plan, 0), 'Lifetimes explained by Erin');

    const found = await myNotes(dan, '?q=lifetime');
    expect(found.content.flatMap((group) => group.notes.map((note) => note.content))).toEqual([
      'Lifetimes are **confusing** at first',
    ]);
    expect((await myNotes(dan, '?q=confusing')).totalElements).toBe(1);
    expect((await myNotes(dan, '?q=explained')).content).toEqual([]);
    expect((await myNotes(erin, '?q=interfaces')).content).toEqual([]);
    expect((await myNotes(dan, '?q=')).content[0]!.notes).toHaveLength(2);
  });

  it('lists in the same number of statements for one note or many', async () => {
    const fay = await signUp(t, { name: 'Fay' });
    const first = await createPlan(t, ann.token);
    await write(fay, notePath(first, 0), 'one');
    const one = await t.queries.count(() => call(fay, { url: '/api/notes' }));
    const onPlanOne = await t.queries.count(() =>
      call(fay, { url: `/api/learning-plans/${first.id}/notes` }),
    );

    for (let i = 0; i < 4; i++) {
      const plan = await createPlan(t, ann.token);
      await write(fay, notePath(plan, 0), `topic ${i}`);
      await write(fay, notePath(plan, 0, 0), `resource ${i}`);
    }
    await write(fay, notePath(first, 1), 'two');
    await write(fay, notePath(first, 0, 1), 'three');
    const many = await t.queries.count(() => call(fay, { url: '/api/notes?size=5' }));
    const onPlanMany = await t.queries.count(() =>
      call(fay, { url: `/api/learning-plans/${first.id}/notes` }),
    );
    expect(many.result.json().content).toHaveLength(5);
    expect(onPlanMany.result.json()).toHaveLength(3);
    expect(many.statements).toBe(one.statements);
    expect(onPlanMany.statements).toBe(onPlanOne.statements);
  });
});

import { CATEGORIES, type Category, type LearningPlan, type Post } from '@pathwise/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.js';
import type { Part } from '../lib/multipart-body.js';
import { type DemoApi, demoApi, type Member } from './api-client.js';
import { databaseNow, spreadOverThePast } from './backdate.js';
import { COMMENTS, PEOPLE, type Person, PLAN_IDEAS, POST_IDEAS, type PostIdea } from './community.js';
import { avatarPng, coverPng } from './images.js';
import { jobsDrained } from './jobs-drained.js';
import { type Random, seededRandom } from './random.js';

/** Every demo account signs in with this password (e-mail: first name, dot, last name @example.com). */
export const DEMO_PASSWORD = 'pathwise-demo';
const SEED = 2024;
/** How far back the community's history reaches once it is written. */
const HISTORY_DAYS = 60;
/** The first days of that history, when the members joined and followed each other. */
const SETUP_DAYS = 2;

export class DemoRefusedError extends Error {
  override readonly name = 'DemoRefusedError';
}

export const emailOf = (person: Person) =>
  `${person.name
    .normalize('NFD')
    .replace(/[^\p{L}\s]/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '.')}@example.com`;

const pngPart = (name: string, data: Buffer, filename: string) => ({
  name,
  filename,
  contentType: 'image/png',
  data,
});

async function join(call: DemoApi, random: Random, person: Person): Promise<Member> {
  const email = emailOf(person);
  const { accessToken } = await call<{ accessToken: string }>({
    method: 'POST',
    url: '/api/auth/signup',
    body: { name: person.name, email, password: DEMO_PASSWORD },
  });
  const { id } = await call<{ id: number }>({
    method: 'GET',
    url: '/api/auth/me',
    as: { id: 0, token: accessToken },
  });
  const member = { id, token: accessToken };
  await call({
    method: 'PUT',
    url: `/api/users/${id}`,
    as: member,
    body: { name: person.name, email, bio: person.bio, location: person.location },
  });
  await call({
    method: 'POST',
    url: '/api/users/profile-picture',
    as: member,
    parts: [pngPart('file', await avatarPng(random), 'avatar.png')],
  });
  return member;
}

/** People follow 3–10 others, mostly ones who learn the same things. */
async function follow(call: DemoApi, random: Random, members: Member[]) {
  for (const [i, member] of members.entries()) {
    const mine = new Set(PEOPLE[i]!.interests);
    const others = members.map((_, j) => j).filter((j) => j !== i);
    const kindred = others.filter((j) => PEOPLE[j]!.interests.some((interest) => mine.has(interest)));
    const chosen = new Set([
      ...random.sample(kindred, random.int(2, 6)),
      ...random.sample(others, random.int(1, 4)),
    ]);
    for (const j of chosen) {
      await call({ method: 'POST', url: `/api/users/${members[j]!.id}/follow`, as: member });
    }
  }
}

async function publish(call: DemoApi, random: Random, author: Member, category: Category, idea: PostIdea) {
  const fields = {
    title: idea.title,
    content: idea.content,
    category,
    learningProgressPercent: random.chance(0.6) ? 5 * random.int(2, 20) : null,
  };
  const images = idea.withImage ? random.int(1, 2) : 0;
  const parts: Part[] = [
    { name: 'post', filename: 'blob', contentType: 'application/json', data: JSON.stringify(fields) },
  ];
  for (let n = 0; n < images; n++)
    parts.push(pngPart('files', await coverPng(random), `picture-${n + 1}.png`));
  return call<Post>({ method: 'POST', url: '/api/posts', as: author, parts });
}

/** Likes and comments from other members, a few to a dozen per post. */
async function react(call: DemoApi, random: Random, post: Post, author: Member, members: Member[]) {
  const others = members.filter((member) => member !== author);
  for (const fan of random.sample(others, random.int(1, 12))) {
    await call({ method: 'POST', url: `/api/posts/${post.id}/like`, as: fan });
  }
  for (const commenter of random.sample(others, random.int(0, 4))) {
    await call({
      method: 'POST',
      url: `/api/posts/${post.id}/comments`,
      as: commenter,
      body: { content: random.pick(COMMENTS) },
    });
  }
}

/** Some members follow the plan: topics done or under way, resources ticked off. */
async function track(call: DemoApi, random: Random, plan: LearningPlan, learners: Member[]) {
  for (const learner of learners) {
    const reached = random.int(0, plan.topics.length);
    for (const [index, topic] of plan.topics.entries()) {
      if (index > reached) break;
      const base = `/api/learning-plans/${plan.id}/topics/${topic.id}`;
      const finished = index < reached;
      for (const resource of topic.resources) {
        if (!finished && random.chance(0.5)) continue;
        await call({
          method: 'PATCH',
          url: `${base}/resources/${resource.id}/user-progress?isCompleted=true`,
          as: learner,
        });
      }
      const status = finished ? 'COMPLETED' : 'IN_PROGRESS';
      await call({ method: 'PATCH', url: `${base}/user-progress?status=${status}`, as: learner });
    }
  }
}

async function createPlan(call: DemoApi, owner: Member, idea: (typeof PLAN_IDEAS)[number]) {
  return call<LearningPlan>({
    method: 'POST',
    url: '/api/learning-plans',
    as: owner,
    body: {
      title: idea.title,
      description: idea.description,
      category: idea.category,
      isPublic: true,
      estimatedDays: idea.estimatedDays,
      topics: idea.topics.map((topic, t) => ({
        title: topic.title,
        orderIndex: t,
        resources: topic.resources.map((resource, r) => ({
          title: resource.title,
          url: resource.url,
          type: resource.type,
          durationMinutes: resource.minutes,
          orderIndex: r,
        })),
      })),
    },
  });
}

/** Members whose interests include the category (anyone, if nobody's do). */
function membersInto(category: Category, members: Member[]) {
  const into = members.filter((_, i) => PEOPLE[i]!.interests.includes(category));
  return into.length > 0 ? into : members;
}

type Work =
  | { kind: 'post'; category: Category; idea: PostIdea }
  | { kind: 'plan'; idea: (typeof PLAN_IDEAS)[number] };

/**
 * Throws DemoRefusedError when the database has a user: the demo never mixes invented people with real ones.
 */
export async function assertNoUsers(db: Database) {
  const [{ users } = { users: 0 }] = (
    (await db.execute(sql`select count(*)::int as users from users`)) as unknown as {
      rows: { users: number }[];
    }
  ).rows;
  if (users > 0) {
    throw new DemoRefusedError(
      `The database already has ${users} user${users === 1 ? '' : 's'}: the demo only fills an empty one. ` +
        'Start from a new DATA_DIR (or an empty DATABASE_URL database) to try it.',
    );
  }
}

/** The work in its shuffled order, but with a post first: the community's history opens with one. */
function opensWithAPost(work: Work[]) {
  const first = work.findIndex((item) => item.kind === 'post');
  return [work[first]!, ...work.slice(0, first), ...work.slice(first + 1)];
}

async function firstPostAt(db: Database) {
  const { rows } = (await db.execute(sql`select min(created_at) as first from posts`)) as unknown as {
    rows: { first: Date | string }[];
  };
  return new Date(rows[0]!.first);
}

/**
 * Fills an empty database with the demo community through the API of `app` (which must use `db`):
 * members with avatars and profiles, follows, posts with pictures, likes, comments, plans and
 * progress, and so the notifications all of these send. Then spreads its history over the last
 * weeks. Refuses a database that has users: it never mixes invented people with real ones.
 */
export async function fillDemo(app: FastifyInstance, db: Database, log: (line: string) => void = () => {}) {
  await assertNoUsers(db);
  const call = demoApi(app);
  const random = seededRandom(SEED);
  const started = await databaseNow(db);

  const members: Member[] = [];
  for (const person of PEOPLE) members.push(await join(call, random, person));
  log(`${members.length} people joined`);
  await follow(call, random, members);
  log('they follow each other');

  const work = opensWithAPost(
    random.shuffle([
      ...CATEGORIES.flatMap((category) =>
        POST_IDEAS[category].map((idea) => ({ kind: 'post' as const, category, idea })),
      ),
      ...PLAN_IDEAS.map((idea) => ({ kind: 'plan' as const, idea })),
    ]),
  );
  for (const item of work) {
    if (item.kind === 'post') {
      const author = random.pick(membersInto(item.category, members));
      const post = await publish(call, random, author, item.category, item.idea);
      await react(call, random, post, author, members);
    } else {
      const owner = random.pick(membersInto(item.idea.category, members));
      const plan = await createPlan(call, owner, item.idea);
      await track(call, random, plan, random.sample(members, random.int(2, 6)));
    }
  }
  log(`${work.length} posts and plans, with likes, comments and progress`);
  await jobsDrained(db);
  // The activity starts with the first post's row, not when its pictures began to be drawn: how long
  // that took on a busy machine must not push the whole history's start forward.
  const settled = await firstPostAt(db);
  await spreadOverThePast(db, { since: started, settled }, HISTORY_DAYS, SETUP_DAYS);
  return { members };
}

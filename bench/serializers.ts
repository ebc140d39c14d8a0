/**
 * `npm run bench:serializers`: CPU per answer of the two ways of sending the hottest answers, in one
 * process, alternating rounds: the zod check followed by JSON.stringify (before) and the serializer
 * compiled from the same contract schema (apps/server/src/lib/compiled-serializers.ts). Prints the
 * median µs per answer of each, for a feed page (10 posts) and a public plans page (10 plans of 4
 * topics × 5 resources, 55 KB as in bench/RESULTS.md).
 */
import { learningPlanPage, postPage } from '@pathwise/contract';
import type { ZodType } from 'zod';
import { compiledSerializerCompiler } from '../apps/server/src/lib/compiled-serializers.js';

const ROUNDS = 7;
const RESPONSES_PER_ROUND = 5_000;
const when = '2026-11-20T10:00:00.000Z';
const person = { id: 1, name: 'Ann Lee', profilePicture: 'http://localhost:8080/api/media/avatars/ann.webp' };
const text = (words: number) => Array.from({ length: words }, (_, i) => `word${i}`).join(' ');
const pageOf = <T>(content: T[]) => ({
  content,
  number: 0,
  size: 10,
  totalElements: 1000,
  totalPages: 100,
  first: true,
  last: false,
});

const feedPage = pageOf(
  Array.from({ length: 10 }, (_, i) => ({
    id: i,
    title: `Notes on ownership, part ${i}`,
    content: text(60),
    createdAt: when,
    updatedAt: when,
    category: 'PROGRAMMING',
    learningProgressPercent: i % 2 ? null : 40,
    author: person,
    media:
      i % 3
        ? []
        : [
            {
              id: i,
              type: 'IMAGE',
              fileUrl: `http://localhost:8080/api/media/posts/${i}.png`,
              thumbnailUrl: `http://localhost:8080/api/media/posts/${i}.webp`,
              width: 640,
              height: 480,
              durationSeconds: null,
            },
          ],
    likesCount: 12,
    commentsCount: 3,
    isLikedByCurrentUser: i % 2 === 0,
    isSaved: false,
  })),
);

const plansPage = pageOf(
  Array.from({ length: 10 }, (_, i) => ({
    id: i,
    title: `Plan ${i}`,
    description: text(40),
    category: 'PROGRAMMING',
    isPublic: true,
    estimatedDays: 30,
    startDate: null,
    targetCompletionDate: '2027-01-01',
    createdAt: when,
    updatedAt: when,
    completionPercentage: 25,
    completedTopics: 1,
    creator: person,
    topics: Array.from({ length: 4 }, (_, t) => ({
      id: t,
      title: `Topic ${t}`,
      description: text(20),
      orderIndex: t,
      completionStatus: 'IN_PROGRESS',
      resources: Array.from({ length: 5 }, (_, r) => ({
        id: r,
        title: `Resource ${r}`,
        url: `https://example.com/${i}/${t}/${r}`,
        type: 'ARTICLE',
        description: text(12),
        orderIndex: r,
        isCompleted: r % 2 === 0,
        durationMinutes: 15,
      })),
    })),
    isSaved: false,
  })),
);

function microsPerResponse(send: (data: unknown) => string, data: unknown) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < RESPONSES_PER_ROUND; i++) send(data);
  return Number(process.hrtime.bigint() - start) / RESPONSES_PER_ROUND / 1000;
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const [name, schema, data] of [
  ['feed page', postPage, feedPage],
  ['public plans page', learningPlanPage, plansPage],
] as [string, ZodType, unknown][]) {
  const zodThenStringify = (response: unknown) => JSON.stringify(schema.encode(response as never));
  const compiled = compiledSerializerCompiler({ schema, method: 'GET', url: '/bench', httpStatus: '200' });
  if (compiled(data) !== zodThenStringify(data)) throw new Error(`${name}: the two ways differ`);
  const before: number[] = [];
  const after: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    before.push(microsPerResponse(zodThenStringify, data));
    after.push(microsPerResponse(compiled, data));
  }
  const [b, a] = [median(before), median(after)];
  console.log(
    `${name} (${(compiled(data).length / 1024).toFixed(1)} KB): zod + JSON.stringify ${b.toFixed(1)} µs, ` +
      `compiled ${a.toFixed(1)} µs (${(b / a).toFixed(1)} × faster)`,
  );
}

import { activity, learningPlan, post, searchResult, unreadCount } from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { compiledSerializerCompiler } from '../src/lib/compiled-serializers.js';

const serializerFor = (schema: ZodType) =>
  compiledSerializerCompiler({ schema, method: 'GET', url: '/test', httpStatus: '200' });

/** What the zod check followed by JSON.stringify used to send for `data`. */
const asZodSent = (schema: ZodType, data: unknown) => JSON.stringify(schema.encode(data as never));

const ann = { id: 1, name: 'Ann Lee', profilePicture: null };
const aPost = {
  id: 7,
  title: 'Rust "ownership" <notes>',
  content: 'Line one\nline two \u2028 emoji 🦀',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  category: 'PROGRAMMING',
  learningProgressPercent: null,
  author: { ...ann, email: 'never-sent@example.com' },
  media: [
    {
      id: 3,
      type: 'IMAGE',
      fileUrl: 'http://localhost/api/media/a.png',
      thumbnailUrl: 'http://localhost/api/media/a.webp',
      width: 640,
      height: 480,
      durationSeconds: null,
      altText: 'A "quoted" <description>',
    },
    {
      id: 4,
      type: 'VIDEO',
      fileUrl: 'v.mp4',
      thumbnailUrl: null,
      width: null,
      height: null,
      durationSeconds: 2.5,
      altText: '',
    },
  ],
  tags: ['rust', 'web-dev'],
  likesCount: 2,
  sharesCount: 1,
  commentsCount: 0,
  isLikedByCurrentUser: true,
  isSaved: false,
  editedAt: '2026-01-02T10:00:00.000Z',
  readingMinutes: 3,
  coverMediaId: 3,
  coverChosen: true,
  passwordHash: 'an undeclared property, never sent',
};

describe('answers serialized by code compiled from the contract', () => {
  it.each([
    ['a post with media, nulls and undeclared properties', post, aPost],
    [
      'an activity whose nested objects are null',
      activity,
      {
        id: 1,
        type: 'FOLLOW_USER',
        timestamp: '2026-11-20T10:00:00.000Z',
        user: ann,
        learningPlan: null,
        progressPercentage: null,
        topicTitle: null,
        resourceTitle: null,
        post: null,
        comment: null,
        followedUser: { id: 2, name: 'Bob', profilePicture: 'b.png' },
      },
    ],
    [
      'an activity whose nested objects are present',
      activity,
      {
        id: 2,
        type: 'POST_COMMENT',
        timestamp: '2026-11-20T10:00:00.000Z',
        user: ann,
        learningPlan: { id: 5, title: 'Plan' },
        progressPercentage: 40,
        topicTitle: 'T',
        resourceTitle: 'R',
        post: { id: 7, title: 'P', author: ann },
        comment: { id: 9, content: 'Nice' },
        followedUser: null,
      },
    ],
    ['a bare number', unreadCount, 3],
  ])('sends %s exactly as the zod check and JSON.stringify did', (_case, schema, data) => {
    expect(serializerFor(schema)(data)).toBe(asZodSent(schema, data));
  });

  it('sends search results (pages of posts, plans, people and groups) exactly as before', () => {
    const page = <T>(content: T[]) => ({
      content,
      totalElements: content.length,
      totalPages: 1,
      number: 0,
      size: 10,
      first: true,
      last: true,
      totalIsLowerBound: false,
    });
    const result = { users: page([]), posts: page([aPost]), learningPlans: page([]), groups: page([]) };
    expect(serializerFor(searchResult)(result)).toBe(asZodSent(searchResult, result));
  });

  it('refuses to send a response missing a required field, as the zod check did', () => {
    const { title: _missing, ...withoutTitle } = aPost;
    expect(() => serializerFor(post)(withoutTitle)).toThrow();
    expect(() => serializerFor(learningPlan)({ id: 1 })).toThrow();
  });
});

import { describe, expect, it } from 'vitest';
import { actorsPhrase, notificationGroupMessage } from '../src/notification-constants.js';
import { parseNotificationGroupKey } from '../src/notifications.js';

const group = (
  type: Parameters<typeof notificationGroupMessage>[0]['type'],
  names: string[],
  actorCount: number,
) => notificationGroupMessage({ type, message: `${names[0]} did it once`, actorNames: names, actorCount });

describe('notification group phrases', () => {
  it('names one person, two people, or the latest and how many others', () => {
    expect(actorsPhrase(['Ann Lee'], 1)).toBe('Ann Lee');
    expect(actorsPhrase(['Ann Lee', 'Bob Ray'], 2)).toBe('Ann Lee and Bob Ray');
    expect(actorsPhrase(['Ann Lee', 'Bob Ray', 'Cat Moss'], 3)).toBe('Ann Lee and 2 others');
    expect(actorsPhrase(['Ann Lee', 'Bob Ray', 'Cat Moss'], 4)).toBe('Ann Lee and 3 others');
  });

  it('sums up likes, comments and mentions by several people', () => {
    expect(group('LIKE', ['Ann Lee', 'Bob Ray'], 2)).toBe('Ann Lee and Bob Ray liked your post');
    expect(group('LIKE', ['Ann Lee', 'Bob Ray', 'Cat Moss'], 4)).toBe('Ann Lee and 3 others liked your post');
    expect(group('COMMENT', ['Ann Lee', 'Bob Ray', 'Cat Moss'], 3)).toBe(
      'Ann Lee and 2 others commented on your post',
    );
    expect(group('MENTION', ['Ann Lee', 'Bob Ray'], 2)).toBe('Ann Lee and Bob Ray mentioned you');
    expect(group('LEARNING_PLAN_COPY', ['Ann Lee', 'Bob Ray', 'Cy Dee'], 4)).toBe(
      'Ann Lee and 3 others used your learning plan as a template',
    );
  });

  it("sums up a study group's posts and replies by several people", () => {
    expect(group('GROUP_POST', ['Ann Lee', 'Bob Ray', 'Cat Moss'], 3)).toBe(
      'Ann Lee and 2 others posted in your study group',
    );
    expect(group('GROUP_REPLY', ['Ann Lee', 'Bob Ray'], 2)).toBe(
      'Ann Lee and Bob Ray replied to you in your study group',
    );
  });

  it('counts new followers', () => {
    expect(group('FOLLOW', ['Ann Lee', 'Bob Ray', 'Cat Moss'], 5)).toBe('5 new followers');
    expect(group('FOLLOW', ['Ann Lee', 'Bob Ray'], 2)).toBe('2 new followers');
  });

  it("keeps one person's own sentence, and a shared plan's", () => {
    expect(
      notificationGroupMessage({
        type: 'LIKE',
        message: 'Ann Lee liked your post',
        actorNames: ['Ann Lee'],
        actorCount: 1,
      }),
    ).toBe('Ann Lee liked your post');
    expect(
      notificationGroupMessage({
        type: 'MENTION',
        message: 'Ann Lee mentioned you in a comment',
        actorNames: ['Ann Lee'],
        actorCount: 1,
      }),
    ).toBe('Ann Lee mentioned you in a comment');
    expect(group('LEARNING_PLAN_SHARE', ['Ann Lee', 'Bob Ray'], 2)).toBe('Ann Lee did it once');
  });
});

describe('notification group keys', () => {
  it('reads the three kinds of key', () => {
    expect(parseNotificationGroupKey('FOLLOW')).toEqual({ kind: 'follows' });
    expect(parseNotificationGroupKey('n.42')).toEqual({ kind: 'one', id: 42 });
    expect(parseNotificationGroupKey('LIKE.post.7')).toEqual({
      kind: 'about',
      type: 'LIKE',
      entityType: 'post',
      entityId: 7,
    });
    expect(parseNotificationGroupKey('LEARNING_PLAN_SHARE.learning-plan.2147483647')).toMatchObject({
      entityId: 2147483647,
    });
  });

  it('refuses anything else', () => {
    for (const key of [
      '',
      'follow',
      'n.0',
      'n.2147483648',
      'LIKE.post',
      'LIKE.post.-1',
      'LIKE.post.1.2',
      'X.post.1',
    ])
      expect(parseNotificationGroupKey(key), key).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { returnPathOf, sameOriginPath } from './return-path';

describe('the page to open after signing in', () => {
  it('is the path asked for, with its query and fragment', () => {
    expect(sameOriginPath('/post/32')).toBe('/post/32');
    expect(sameOriginPath('/profile/7?tab=plans#top')).toBe('/profile/7?tab=plans#top');
    expect(returnPathOf({ from: '/learning-plan/3' })).toBe('/learning-plan/3');
  });

  it.each([
    '//evil.com',
    '//evil.com/post/1',
    '/\\evil.com',
    'https://evil.com/',
    'http:evil.com',
    'javascript:alert(1)',
    'post/32',
    '',
  ])('is the home page instead of %j, which is no path of this site', (candidate) => {
    expect(sameOriginPath(candidate)).toBe('/');
  });

  it('is the home page without a page asked for', () => {
    expect(returnPathOf(null)).toBe('/');
    expect(returnPathOf({})).toBe('/');
    expect(returnPathOf({ from: 32 })).toBe('/');
  });
});

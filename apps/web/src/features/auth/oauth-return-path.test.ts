import { STORAGE_KEYS } from '@pathwise/contract';
import { describe, expect, it } from 'vitest';
import { rememberReturnPath, takeReturnPath } from './oauth-return-path';

describe('the page social sign-in returns to', () => {
  it('is the remembered path of this app, with its query, and is forgotten once taken', () => {
    rememberReturnPath('/search?q=rust#results');
    expect(takeReturnPath()).toBe('/search?q=rust#results');
    expect(sessionStorage.getItem(STORAGE_KEYS.oauthRedirectFrom)).toBeNull();
    expect(takeReturnPath()).toBe('/');
  });

  it.each([
    '//evil.example/steal',
    '/\\evil.example/steal',
    '/\t/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'profile/7',
    '',
  ])('is the home page when %j was remembered', (remembered) => {
    rememberReturnPath(remembered);
    expect(takeReturnPath()).toBe('/');
  });
});

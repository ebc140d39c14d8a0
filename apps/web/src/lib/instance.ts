import type { InstanceSettings } from '@pathwise/contract';
import { useEffect, useState } from 'react';
import { apiRequest } from './api-client';

/** What a failed look-up means: the default instance, where every page but sign-in needs an account. */
const CLOSED: InstanceSettings = { publicReading: false, federationHost: null };

let known: InstanceSettings | undefined;
let asking: Promise<InstanceSettings> | undefined;

/**
 * The instance's settings (`GET /api/instance`), asked once per page load and kept: they change only
 * when the server restarts with other settings. A failure is not kept, so a later page asks again.
 */
export function fetchInstanceSettings(): Promise<InstanceSettings> {
  asking ??= apiRequest<InstanceSettings>('/api/instance').then(
    (settings) => {
      known = settings;
      return settings;
    },
    () => {
      asking = undefined;
      return CLOSED;
    },
  );
  return asking;
}

/** The instance's settings, undefined while they are on their way; nothing is asked unless `needed`. */
export function useInstanceSettings(needed: boolean): InstanceSettings | undefined {
  const [settings, setSettings] = useState(known);
  useEffect(() => {
    if (!needed || settings) return;
    let current = true;
    void fetchInstanceSettings().then((response) => {
      if (current) setSettings(response);
    });
    return () => {
      current = false;
    };
  }, [needed, settings]);
  return settings ?? known;
}

/** Tests start each render from an instance nobody has asked about yet. */
export function forgetInstanceSettings() {
  known = undefined;
  asking = undefined;
}

/**
 * The pages a visitor may read when the instance allows it (docs/product.md#decisions, 19): the home
 * feeds, Explore, a post, a plan, someone's shared progress on one, a profile (`/profile/{id}` or
 * `/@handle`) and a tag page. Any other page asks to sign in.
 */
const READABLE_PAGES = [
  /^\/$/,
  /^\/explore\/?$/,
  /^\/post\/\d+\/?$/,
  /^\/learning-plan\/\d+\/?$/,
  /^\/learning-plan\/\d+\/progress\/\w+\/?$/,
  /^\/profile\/\d+\/?$/,
  /^\/@\w+\/?$/,
  /^\/tags\/[^/]+\/?$/,
];

export const isReadablePage = (pathname: string) => READABLE_PAGES.some((page) => page.test(pathname));

import type { Tombstone } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';

/**
 * A time as Fedify's vocabulary takes it. Its types name the standard `Temporal.Instant`, which Node
 * does not have yet, so Fedify makes and checks the polyfill's at run time; this is the one place where
 * the two meet.
 */
type Instant = NonNullable<ConstructorParameters<typeof Tombstone>[0]['deleted']>;

export const instantOf = (date: Date) =>
  Temporal.Instant.fromEpochMilliseconds(date.getTime()) as unknown as Instant;

export const instantNow = () => instantOf(new Date());

/** How many rows of each kind a preset fills; plans always have 5 topics of 4 resources each. */
export type Sizes = {
  users: number;
  posts: number;
  likes: number;
  comments: number;
  follows: number;
  plans: number;
  activities: number;
  notifications: number;
};

export const PRESETS = {
  /** A few hundred rows: CI checks that the tooling still runs. */
  smoke: {
    users: 100,
    posts: 300,
    likes: 1_000,
    comments: 300,
    follows: 300,
    plans: 20,
    activities: 1_000,
    notifications: 500,
  },
  /** For the embedded PGlite database. */
  small: {
    users: 1_000,
    posts: 10_000,
    likes: 100_000,
    comments: 30_000,
    follows: 20_000,
    plans: 500,
    activities: 100_000,
    notifications: 50_000,
  },
  /** For a PostgreSQL server. */
  large: {
    users: 10_000,
    posts: 100_000,
    likes: 1_000_000,
    comments: 300_000,
    follows: 200_000,
    plans: 5_000,
    activities: 1_000_000,
    notifications: 500_000,
  },
  /** Ten times `large`: how the hot reads grow with the data (bench/RESULTS.md, docs/scaling.md). */
  xlarge: {
    users: 100_000,
    posts: 1_000_000,
    likes: 10_000_000,
    comments: 3_000_000,
    follows: 2_000_000,
    plans: 50_000,
    activities: 10_000_000,
    notifications: 5_000_000,
  },
} satisfies Record<string, Sizes>;

export type PresetName = keyof typeof PRESETS;

export const isPresetName = (name: string): name is PresetName => Object.hasOwn(PRESETS, name);

export const TOPICS_PER_PLAN = 5;
export const RESOURCES_PER_TOPIC = 4;

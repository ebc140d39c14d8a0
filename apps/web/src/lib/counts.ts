/** "1 like", "0 likes", "12 comments": the singular for exactly one. */
export const countLabel = (count: number, singular: string, plural = `${singular}s`) =>
  `${count} ${count === 1 ? singular : plural}`;

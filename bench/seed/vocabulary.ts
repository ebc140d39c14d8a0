import { type SQL, sql } from 'drizzle-orm';

/** Common words of a learning site: search terms that match many rows ('react', 'typescript'…). */
export const WORDS =
  `react hooks state redux typescript javascript python rust golang kubernetes docker terraform
  machine learning deep neural network data science statistics algebra calculus geometry physics
  chemistry biology history language spanish french german japanese guitar piano drawing painting
  design figma typography colour business marketing finance startup leadership writing reading
  notes progress week today finally understood practice lesson chapter course book video project
  build deploy test refactor performance database postgres index query search ranking server client
  browser css layout animation mobile android swift kotlin compiler parser type generic async await`
    .split(/\s+/)
    .filter(Boolean);
export const FIRST_NAMES =
  `john mary anna peter lucia omar wei aiko carlos fatima ivan nina paul sara tom emma liam
  noah olivia ava mia elena david daniel sofia hugo lea chloe adam yusuf amir priya ravi mei jin hana
  kofi amara diego paula`.split(/\s+/);
export const LAST_NAMES =
  `smith garcia chen kim novak silva rossi muller okafor tanaka brown lee khan dubois jones
  martin bernard petit moreau laurent fischer weber wagner becker schulz ivanov popescu horvat nagy
  kowalski nowak sato suzuki park choi nguyen tran patel shah`.split(/\s+/);

/** SQL text of a random element of `list`. */
export const randomOf = (list: readonly string[]) =>
  `(array['${list.join("','")}'])[1 + floor(random() * ${list.length})::int]`;

/**
 * `count` random words, like real text: a quarter from the common WORDS, the rest from a long tail of
 * 50 000 rarer ones ('term123'). `rowColumn` names a column of the row being generated: referring to it
 * makes PostgreSQL draw the words again for every row instead of once.
 */
export const randomWords = (count: number, rowColumn = 'i'): SQL =>
  sql.raw(`(select string_agg(case when random() < 0.25 then ${randomOf(WORDS)}
    else 'term' || floor(50000 * power(random(), 2))::int end, ' ')
      from generate_series(1, ${count}) where ${rowColumn} is not null)`);

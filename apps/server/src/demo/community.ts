import type { Category, ResourceType } from '@pathwise/contract';

/** Who lives in the demo community: name, what they say about themselves, where, what they learn. */
export type Person = { name: string; bio: string; location: string | null; interests: Category[] };

export const PEOPLE: Person[] = [
  {
    name: 'Maya Chen',
    bio: 'Backend developer learning Rust one borrow at a time.',
    location: 'Toronto',
    interests: ['PROGRAMMING', 'MATH'],
  },
  {
    name: 'Lucas Martin',
    bio: 'Designer turned front-end dev. Typography nerd.',
    location: 'Paris',
    interests: ['DESIGN', 'PROGRAMMING'],
  },
  {
    name: 'Amara Okafor',
    bio: 'Data analyst studying statistics for real this time.',
    location: 'Lagos',
    interests: ['MATH', 'SCIENCE'],
  },
  {
    name: 'Kenji Watanabe',
    bio: 'Jazz guitar at night, TypeScript by day.',
    location: 'Tokyo',
    interests: ['MUSIC', 'PROGRAMMING'],
  },
  {
    name: 'Sofia Rossi',
    bio: 'Learning Japanese for a trip I keep postponing.',
    location: 'Milan',
    interests: ['LANGUAGE', 'ART'],
  },
  {
    name: 'Daniel Schmidt',
    bio: 'Product manager reading every business book so you do not have to.',
    location: 'Berlin',
    interests: ['BUSINESS'],
  },
  {
    name: 'Priya Nair',
    bio: 'Physics teacher, amateur astronomer.',
    location: 'Mumbai',
    interests: ['SCIENCE', 'MATH'],
  },
  {
    name: 'Elena Petrova',
    bio: 'Watercolour every morning before work.',
    location: 'Sofia',
    interests: ['ART', 'DESIGN'],
  },
  {
    name: 'Omar Haddad',
    bio: 'History podcast addict, now writing my own notes.',
    location: 'Amman',
    interests: ['HISTORY', 'LANGUAGE'],
  },
  {
    name: 'Grace Kim',
    bio: 'Mobile developer exploring functional programming.',
    location: 'Seoul',
    interests: ['PROGRAMMING'],
  },
  {
    name: 'Tomás García',
    bio: 'Learning piano at 40. Never too late.',
    location: 'Lima',
    interests: ['MUSIC'],
  },
  {
    name: 'Hannah Müller',
    bio: 'UX researcher. Interviews, sticky notes, coffee.',
    location: 'Vienna',
    interests: ['DESIGN', 'BUSINESS'],
  },
  {
    name: 'Ravi Patel',
    bio: 'Preparing for a machine learning master’s.',
    location: 'Ahmedabad',
    interests: ['MATH', 'PROGRAMMING'],
  },
  {
    name: 'Chloé Dubois',
    bio: 'French teacher learning Spanish the hard way.',
    location: 'Lyon',
    interests: ['LANGUAGE'],
  },
  {
    name: 'Samuel Mensah',
    bio: 'Starting a small bakery; learning accounting.',
    location: 'Accra',
    interests: ['BUSINESS', 'OTHER'],
  },
  {
    name: 'Aisha Bello',
    bio: 'Biology student who loves good diagrams.',
    location: 'Abuja',
    interests: ['SCIENCE', 'ART'],
  },
  {
    name: 'Lars Nilsson',
    bio: 'SRE. Kubernetes by day, woodworking by weekend.',
    location: 'Oslo',
    interests: ['PROGRAMMING', 'OTHER'],
  },
  {
    name: 'Isabela Costa',
    bio: 'Illustrator learning 3D.',
    location: 'São Paulo',
    interests: ['ART', 'DESIGN'],
  },
  {
    name: 'Wei Zhang',
    bio: 'Competitive programmer, slowly learning to write prose.',
    location: 'Shanghai',
    interests: ['PROGRAMMING', 'MATH'],
  },
  {
    name: 'Fatima Zahra',
    bio: 'Medieval history and Arabic calligraphy.',
    location: 'Rabat',
    interests: ['HISTORY', 'ART'],
  },
  {
    name: 'Noah Williams',
    bio: 'Career changer: from retail to web development.',
    location: 'Manchester',
    interests: ['PROGRAMMING', 'BUSINESS'],
  },
  {
    name: 'Zanele Dlamini',
    bio: 'Choir singer learning music theory properly.',
    location: 'Durban',
    interests: ['MUSIC', 'LANGUAGE'],
  },
  {
    name: 'Mateo Fernández',
    bio: 'Maths tutor. Proofs are poems.',
    location: 'Buenos Aires',
    interests: ['MATH'],
  },
  {
    name: 'Yuki Tanaka',
    bio: 'Learning English and Python together.',
    location: 'Osaka',
    interests: ['LANGUAGE', 'PROGRAMMING'],
  },
  {
    name: 'Olivia Brown',
    bio: 'Founder, learning to sell without feeling weird.',
    location: 'Austin',
    interests: ['BUSINESS', 'DESIGN'],
  },
  {
    name: 'Ahmed Hassan',
    bio: 'Chemistry PhD student; lab notes go here.',
    location: 'Cairo',
    interests: ['SCIENCE'],
  },
  {
    name: 'Ingrid Larsen',
    bio: 'Retired engineer learning the history of science.',
    location: 'Copenhagen',
    interests: ['HISTORY', 'SCIENCE'],
  },
  {
    name: 'Diego Morales',
    bio: 'Game developer, shaders and sound design.',
    location: 'Mexico City',
    interests: ['PROGRAMMING', 'MUSIC'],
  },
  {
    name: 'Leila Ahmadi',
    bio: 'Architect sketching cities and learning Go.',
    location: 'Tehran',
    interests: ['DESIGN', 'PROGRAMMING'],
  },
  {
    name: 'Ben Carter',
    bio: 'Curious about everything. Currently: birds.',
    location: null,
    interests: ['OTHER', 'SCIENCE'],
  },
];

export type PostIdea = { title: string; content: string; withImage?: boolean };

const code = (language: string, source: string) => `\`\`\`${language}\n${source}\n\`\`\``;

/** What people write about, by category: Markdown as the editor sends it. */
export const POST_IDEAS: Record<Category, PostIdea[]> = {
  PROGRAMMING: [
    {
      title: 'Finally understood Rust lifetimes',
      content:
        'The trick was to stop thinking of lifetimes as durations and read them as **constraints**:\n\n' +
        code(
          'rust',
          "fn longest<'a>(a: &'a str, b: &'a str) -> &'a str {\n    if a.len() > b.len() { a } else { b }\n}",
        ) +
        '\n\nThe result lives as long as the *shorter* of the two inputs. Next: `Rc<RefCell<T>>`.',
    },
    {
      title: 'TypeScript generics, the useful parts',
      content:
        'Three patterns I now use every day:\n\n1. `keyof` constraints\n' +
        '2. conditional types for API responses\n3. `satisfies` for config objects\n\n' +
        code(
          'ts',
          'function pluck<T, K extends keyof T>(items: T[], key: K): T[K][] {\n' +
            '  return items.map((item) => item[key]);\n}',
        ),
      withImage: true,
    },
    {
      title: 'My first Kubernetes deployment that did not crash',
      content:
        'Readiness probes were the missing piece. The pod was "running" long before the app could ' +
        'answer, so traffic arrived too early.',
    },
    {
      title: 'SQL window functions clicked today',
      content:
        'Running totals without a self-join:\n\n' +
        code('sql', 'select day, amount,\n  sum(amount) over (order by day) as running_total\nfrom sales;') +
        '\n\nPartitions next.',
      withImage: true,
    },
    {
      title: 'Writing tests before fixing the bug',
      content:
        'Reproduced the bug in a failing test first. The fix was one line; the test will stop it from ' +
        'coming back. Feels slow, is fast.',
    },
    {
      title: 'Go channels vs. mutexes',
      content:
        'Share memory by communicating, they say. Today I learned when a plain `sync.Mutex` is simply ' +
        `clearer:\n\n${code('go', 'mu.Lock()\ncounter++\nmu.Unlock()')}`,
    },
  ],
  DESIGN: [
    {
      title: 'A type scale that finally works',
      content: 'Using a 1.25 ratio from 16 px. Headings stopped fighting each other and the page breathes.',
      withImage: true,
    },
    {
      title: 'Colour contrast is a design tool',
      content: 'Checked every text colour against **WCAG AA**. Three greys went away and nothing was lost.',
    },
    {
      title: 'Redesigned my portfolio in a weekend',
      content: 'Constraint: one typeface, two colours, no animations. Best version so far.',
      withImage: true,
    },
    {
      title: 'Notes from five user interviews',
      content:
        '- Nobody reads the onboarding\n- Everybody searches\n- Two people asked for dark mode unprompted',
    },
  ],
  BUSINESS: [
    {
      title: 'Unit economics for a tiny bakery',
      content:
        'Cost per loaf, price per loaf, loaves per day. The spreadsheet said croissants pay for the ' +
        'bread. Who knew.',
    },
    {
      title: 'What I learned from "The Mom Test"',
      content:
        'Ask about their life, not your idea. Ask about specifics in the past, not generics about the ' +
        'future.',
    },
    {
      title: 'First cold email that got a response',
      content: 'Short, specific, one question. Four sentences total.',
      withImage: true,
    },
  ],
  LANGUAGE: [
    {
      title: 'Hiragana done, katakana next',
      content:
        'Two weeks of ten minutes a day with spaced repetition. The secret is **every day**, not long ' +
        'sessions.',
      withImage: true,
    },
    {
      title: 'Spanish subjunctive: a cheat sheet',
      content: 'Wishes, emotions, doubts, impersonal expressions, and *ojalá*. Always *ojalá*.',
    },
    {
      title: 'Thinking in English on my commute',
      content: 'Narrating what I see, silently. Embarrassing, effective.',
    },
  ],
  MUSIC: [
    {
      title: 'ii–V–I in every key',
      content:
        'Went around the circle of fifths slowly with a metronome at 60. My left hand is finally keeping up.',
      withImage: true,
    },
    {
      title: 'Learning to read rhythm properly',
      content: 'Clapping before playing. Counting out loud. It works better than it sounds.',
    },
    { title: 'First choir solo', content: 'Four bars. Terrifying. Doing it again next month.' },
  ],
  ART: [
    {
      title: 'Thirty days of watercolour skies',
      content: 'Wet on wet for clouds, dry brush for the horizon. Day 30 looks like an actual sky.',
      withImage: true,
    },
    {
      title: 'Blocking out a 3D character',
      content: 'Started from primitives instead of sculpting details. Proportions first, always.',
      withImage: true,
    },
    { title: 'Calligraphy: the reed pen', content: 'Cutting the nib at the right angle is half the work.' },
  ],
  SCIENCE: [
    {
      title: 'Why the sky is blue, properly',
      content:
        'Rayleigh scattering goes with the inverse **fourth power** of the wavelength: blue scatters ' +
        'about five times more than red.',
      withImage: true,
    },
    {
      title: 'Lab notebook habits that save time',
      content: 'Date every page, write the hypothesis before the result, and never trust memory.',
    },
    {
      title: 'Birdsong identification, week one',
      content: 'Learned twelve songs. The wren is loud for something so small.',
      withImage: true,
    },
  ],
  MATH: [
    {
      title: 'Bayes’ theorem with a real example',
      content:
        'A test 99 % accurate for a 1 % condition: a positive result is right only about half the ' +
        'time. The base rate matters.',
    },
    {
      title: 'Linear algebra: eigenvectors, visually',
      content:
        'They are the directions a transformation only stretches. Once I saw it drawn, the algebra ' +
        'made sense.',
      withImage: true,
    },
    {
      title: 'My favourite proof this month',
      content: 'There are infinitely many primes: multiply them all, add one, and look what happens.',
    },
  ],
  HISTORY: [
    {
      title: 'The printing press and the spread of ideas',
      content:
        'Within fifty years of Gutenberg, Europe had printed millions of books. Notes from my reading list.',
      withImage: true,
    },
    {
      title: 'Reading primary sources',
      content: 'Letters change everything: people were as unsure about their future as we are about ours.',
    },
  ],
  OTHER: [
    {
      title: 'A workbench from scrap wood',
      content: 'Measure twice, cut once, then measure again because the first cut was wrong.',
      withImage: true,
    },
    {
      title: 'Habit tracking that stuck',
      content: 'One habit at a time, a paper calendar, a cross for each day. Forty days so far.',
    },
  ],
};

/** What people say under a post; some with Markdown and code, as real comments have. */
export const COMMENTS = [
  'Great write-up, thanks for sharing!',
  'This is exactly what I needed today.',
  'How long did it take you to get there?',
  'Saving this for later. **Very** clear explanation.',
  'I had the same struggle. What helped me was doing it every day, even for five minutes.',
  'A small variation that I like:\n\n' +
    code('js', 'const total = items.reduce((sum, item) => sum + item.price, 0);'),
  'Do you have a resource to recommend for beginners?',
  'Love the picture!',
  'Keep going, the progress is real.',
  `You can also write it as:\n\n${code('python', 'squares = [n * n for n in range(10)]')}`,
  'This made me want to start again. Thank you.',
  'Could you share your notes? *Especially* the last part.',
];

export type PlanIdea = {
  title: string;
  description: string;
  category: Category;
  estimatedDays: number;
  topics: {
    title: string;
    resources: { title: string; url: string; type: ResourceType; minutes: number }[];
  }[];
};

const resource = (title: string, url: string, type: ResourceType, minutes: number) => ({
  title,
  url,
  type,
  minutes,
});

/** Learning plans people publish; everyone may track their progress on them. */
export const PLAN_IDEAS: PlanIdea[] = [
  {
    title: 'Rust from zero to a CLI tool',
    description: 'Ownership, error handling and crates, ending with a small command-line tool.',
    category: 'PROGRAMMING',
    estimatedDays: 45,
    topics: [
      {
        title: 'Ownership and borrowing',
        resources: [
          resource(
            'The Rust Book, chapter 4',
            'https://doc.rust-lang.org/book/ch04-00-understanding-ownership.html',
            'BOOK',
            120,
          ),
          resource(
            'Visualising memory',
            'https://www.youtube.com/results?search_query=Visualising+memory',
            'VIDEO',
            30,
          ),
        ],
      },
      {
        title: 'Errors with Result',
        resources: [
          resource(
            'Recoverable errors',
            'https://doc.rust-lang.org/book/ch09-02-recoverable-errors-with-result.html',
            'ARTICLE',
            45,
          ),
        ],
      },
      {
        title: 'A CLI with clap',
        resources: [resource('Command line apps in Rust', 'https://rust-cli.github.io/book/', 'BOOK', 180)],
      },
    ],
  },
  {
    title: 'Modern TypeScript',
    description: 'The type system beyond the basics: generics, narrowing, and types that document APIs.',
    category: 'PROGRAMMING',
    estimatedDays: 30,
    topics: [
      {
        title: 'Narrowing',
        resources: [
          resource(
            'Handbook: narrowing',
            'https://www.typescriptlang.org/docs/handbook/2/narrowing.html',
            'ARTICLE',
            40,
          ),
        ],
      },
      {
        title: 'Generics',
        resources: [
          resource(
            'Handbook: generics',
            'https://www.typescriptlang.org/docs/handbook/2/generics.html',
            'ARTICLE',
            40,
          ),
          resource('Type challenges', 'https://github.com/type-challenges/type-challenges', 'OTHER', 120),
        ],
      },
      {
        title: 'Types from types',
        resources: [
          resource(
            'Handbook: type manipulation',
            'https://www.typescriptlang.org/docs/handbook/2/types-from-types.html',
            'ARTICLE',
            60,
          ),
        ],
      },
    ],
  },
  {
    title: 'Design fundamentals',
    description: 'Typography, colour, layout and hierarchy, with one small project per topic.',
    category: 'DESIGN',
    estimatedDays: 28,
    topics: [
      {
        title: 'Typography',
        resources: [resource('Practical Typography', 'https://practicaltypography.com/', 'BOOK', 180)],
      },
      {
        title: 'Colour and contrast',
        resources: [
          resource('WCAG contrast explained', 'https://webaim.org/articles/contrast/', 'ARTICLE', 30),
        ],
      },
      {
        title: 'Layout and grids',
        resources: [resource('Refactoring UI', 'https://www.refactoringui.com/', 'BOOK', 240)],
      },
    ],
  },
  {
    title: 'Statistics for data analysis',
    description: 'From descriptive statistics to hypothesis tests, with exercises in a notebook.',
    category: 'MATH',
    estimatedDays: 60,
    topics: [
      {
        title: 'Describing data',
        resources: [
          resource(
            'Khan Academy: statistics',
            'https://www.khanacademy.org/math/statistics-probability',
            'COURSE',
            300,
          ),
        ],
      },
      {
        title: 'Probability',
        resources: [resource('Seeing Theory', 'https://seeing-theory.brown.edu/', 'ARTICLE', 90)],
      },
      {
        title: 'Hypothesis tests',
        resources: [resource('Think Stats', 'https://greenteapress.com/thinkstats2/', 'BOOK', 240)],
      },
    ],
  },
  {
    title: 'Japanese for travellers',
    description: 'Kana, survival phrases and enough kanji to read a menu.',
    category: 'LANGUAGE',
    estimatedDays: 90,
    topics: [
      {
        title: 'Hiragana and katakana',
        resources: [
          resource('Tofugu kana guide', 'https://www.tofugu.com/japanese/learn-hiragana/', 'ARTICLE', 120),
        ],
      },
      {
        title: 'Survival phrases',
        resources: [resource('NHK Easy Japanese', 'https://www.nhk.or.jp/lesson/en/', 'COURSE', 200)],
      },
      {
        title: 'Menu kanji',
        resources: [resource('Kanji for food', 'https://www.japan-guide.com/e/e2045.html', 'ARTICLE', 60)],
      },
    ],
  },
  {
    title: 'Jazz piano basics',
    description: 'Shell voicings, the ii–V–I and comping over a blues.',
    category: 'MUSIC',
    estimatedDays: 60,
    topics: [
      {
        title: 'Shell voicings',
        resources: [
          resource(
            'Open Studio: shells',
            'https://www.youtube.com/results?search_query=Open+Studio+shells',
            'VIDEO',
            20,
          ),
        ],
      },
      {
        title: 'ii–V–I',
        resources: [resource('The Jazz Piano Book', 'https://www.shermusic.com/1883217040.php', 'BOOK', 300)],
      },
    ],
  },
  {
    title: 'Watercolour landscapes',
    description: 'Washes, skies, trees and water: one painting a day for a month.',
    category: 'ART',
    estimatedDays: 30,
    topics: [
      {
        title: 'Washes',
        resources: [
          resource(
            'Flat and graded washes',
            'https://www.youtube.com/results?search_query=Flat+and+graded+washes',
            'VIDEO',
            25,
          ),
        ],
      },
      {
        title: 'Skies',
        resources: [
          resource(
            'Painting skies',
            'https://www.youtube.com/results?search_query=Painting+skies',
            'VIDEO',
            30,
          ),
        ],
      },
      {
        title: 'Water',
        resources: [
          resource(
            'Reflections step by step',
            'https://www.youtube.com/results?search_query=Reflections+step+by+step',
            'VIDEO',
            30,
          ),
        ],
      },
    ],
  },
  {
    title: 'Starting a small business',
    description: 'Customer interviews, pricing, bookkeeping and the first sales.',
    category: 'BUSINESS',
    estimatedDays: 40,
    topics: [
      {
        title: 'Talking to customers',
        resources: [resource('The Mom Test', 'https://www.momtestbook.com/', 'BOOK', 180)],
      },
      {
        title: 'Pricing',
        resources: [
          resource(
            'Pricing basics',
            'https://www.sba.gov/business-guide/manage-your-business/manage-your-finances',
            'ARTICLE',
            40,
          ),
        ],
      },
      {
        title: 'Bookkeeping',
        resources: [
          resource(
            'Bookkeeping for beginners',
            'https://www.accountingcoach.com/bookkeeping/explanation',
            'COURSE',
            120,
          ),
        ],
      },
    ],
  },
  {
    title: 'The history of science',
    description: 'From Greek natural philosophy to the scientific revolution.',
    category: 'HISTORY',
    estimatedDays: 50,
    topics: [
      {
        title: 'Antiquity',
        resources: [
          resource('In Our Time: science', 'https://www.bbc.co.uk/programmes/p01gyd7j', 'OTHER', 180),
        ],
      },
      {
        title: 'The scientific revolution',
        resources: [
          resource(
            'The Scientific Revolution',
            'https://plato.stanford.edu/entries/scientific-revolutions/',
            'ARTICLE',
            90,
          ),
        ],
      },
    ],
  },
  {
    title: 'Physics of everyday things',
    description: 'Light, sound, heat and motion explained with home experiments.',
    category: 'SCIENCE',
    estimatedDays: 35,
    topics: [
      {
        title: 'Light and colour',
        resources: [
          resource(
            'HyperPhysics: light',
            'http://hyperphysics.phy-astr.gsu.edu/hbase/ems1.html',
            'ARTICLE',
            60,
          ),
        ],
      },
      {
        title: 'Sound',
        resources: [
          resource('Waves and sound', 'https://www.physicsclassroom.com/class/sound', 'COURSE', 90),
        ],
      },
      {
        title: 'Heat',
        resources: [
          resource(
            'Feynman Lectures, vol. I ch. 39',
            'https://www.feynmanlectures.caltech.edu/I_39.html',
            'BOOK',
            120,
          ),
        ],
      },
    ],
  },
];

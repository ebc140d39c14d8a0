/**
 * The product's screens and what each must show: the one table spec-conformance.spec.ts walks, in both
 * themes and at both widths. A redesign changes this table only with a written product decision in
 * docs/product.md ("Screens and what they must show"), saying why.
 *
 * Texts are the product's own words, checked verbatim; controls are named as assistive technology
 * names them. `{name}` in a text or a path is filled in from the data the suite creates (`ScreenData`).
 */

/**
 * Who looks: nobody; someone whose session has expired; someone signed up with nothing yet; the author
 * of the data; another member.
 */
export type Viewer = 'visitor' | 'expired' | 'newcomer' | 'owner' | 'member';

/** 1280 px wide, or a 390 px phone. */
export type Width = 'desktop' | 'phone';

export type ControlRole =
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'heading'
  | 'link'
  | 'menuitem'
  | 'radio'
  | 'searchbox'
  | 'slider'
  | 'spinbutton'
  | 'tab'
  | 'textbox';

/**
 * A text shown verbatim as the whole text of an element, a text shown as part of one (a label before
 * a value), or a control by its role and accessible name.
 */
export type Seen =
  | { text: string }
  | { textPart: string }
  | { role: ControlRole; name: string; attributes?: Record<string, string> };

/** What the walk does on the screen before looking, when what must be seen is behind a control. */
export type Opening = 'user menu' | 'mobile menu' | 'learning progress';

export type ScreenCheck = {
  /** The screen, as the product names it. */
  screen: string;
  viewer: Viewer;
  /** Where the walk goes. */
  path: string;
  /** Where the app must end up, when it moves on by itself (a redirect). */
  landsOn?: string;
  /** Only at this width, when the screen exists at one width only (the user menu, the mobile menu). */
  width?: Width;
  opening?: Opening;
  see: Seen[];
};

/** What the suite creates once, through the API, and the table refers to. */
export type ScreenData = {
  /** In the names, titles and plans the suite creates: searching it finds exactly those. */
  word: string;
  /** Another made-up word, which nothing contains. */
  unknownWord: string;
  ownerId: string;
  ownerName: string;
  ownerEmail: string;
  memberName: string;
  newcomerId: string;
  newcomerName: string;
  newcomerEmail: string;
  newcomerToken: string;
  postId: string;
  postTitle: string;
  planId: string;
  planTitle: string;
  topicTitle: string;
  resourceTitle: string;
};

const text = (shown: string): Seen => ({ text: shown });
const textPart = (shown: string): Seen => ({ textPart: shown });
const button = (name: string): Seen => ({ role: 'button', name });
const link = (name: string): Seen => ({ role: 'link', name });
const tab = (name: string): Seen => ({ role: 'tab', name });
const heading = (name: string): Seen => ({ role: 'heading', name });
const textbox = (name: string): Seen => ({ role: 'textbox', name });
const menuitem = (name: string): Seen => ({ role: 'menuitem', name });

const TOP_BAR: Seen[] = [
  link('Pathwise'),
  link('+ Post'),
  // The bell: its badge is a number above 0 only, '9+' above 9 (see the owner's row).
  { role: 'link', name: 'Notifications' },
  link('Terms'),
  link('Privacy'),
  link('Contact'),
];

const DESKTOP_TOP_BAR: Seen[] = [
  ...TOP_BAR,
  link('Home'),
  link('Analytics'),
  { role: 'searchbox', name: 'Search' },
  button('Open user menu'),
];

const ANALYTICS: Seen[] = [
  heading('Learning Analytics Dashboard'),
  text('Track your learning progress and gain insights into your study habits.'),
  text('Filter Data'),
  { role: 'textbox', name: 'Start Date' },
  { role: 'textbox', name: 'End Date' },
  // The four summary cards.
  text('Learning Plans'),
  text('Topics'),
  text('Resources'),
  text('Completion Rate'),
  // The four charts.
  heading('Learning Activity Timeline'),
  heading('Category Breakdown'),
  heading('Time Distribution by Category'),
  heading('Completion Rate by Category'),
  heading('Learning Plans Progress'),
  heading('Learning Statistics'),
  text('Average Completion Time'),
  text('Fastest Completion Time'),
  text('Most Active Days'),
  text('Most Active Hours'),
  text('Learning Days'),
  text('Longest Streak'),
];

export const SPEC_SCREENS: ScreenCheck[] = [
  // Signed out.
  {
    screen: 'Login',
    viewer: 'visitor',
    path: '/login',
    see: [
      heading('Sign in to your account'),
      textbox('Email address'),
      { role: 'textbox', name: 'Password' },
      button('Sign In'),
      text('Or continue with'),
      button('Continue with Google'),
    ],
  },
  {
    screen: 'Login, session expired',
    viewer: 'visitor',
    path: '/login?expired=true',
    see: [text('Your session has expired. Please log in again.'), button('Sign In')],
  },
  {
    screen: 'Sign-up',
    viewer: 'visitor',
    path: '/signup',
    see: [
      heading('Create your account'),
      textbox('Name'),
      textbox('Email address'),
      button('Sign Up'),
      button('Continue with Google'),
    ],
  },
  {
    screen: 'A signed-in page, signed out',
    viewer: 'visitor',
    path: '/analytics',
    landsOn: '/login',
    see: [heading('Sign in to your account')],
  },
  {
    screen: 'OAuth redirect without a token',
    viewer: 'visitor',
    path: '/oauth2/redirect',
    landsOn: '/login',
    see: [
      text('OAuth authentication failed. Please try again.'),
      text('This may happen if you denied access or there was a problem with the authentication server.'),
    ],
  },
  {
    // Last of the visitor's rows: it signs the visitor in.
    screen: 'OAuth redirect with the token in the query',
    viewer: 'visitor',
    path: '/oauth2/redirect?token={newcomerToken}',
    landsOn: '/',
    see: [heading('Welcome to Pathwise, {newcomerName}')],
  },

  // A session that has expired.
  {
    screen: 'A signed-in page, the session expired',
    viewer: 'expired',
    path: '/notifications',
    landsOn: '/login',
    see: [text('Your session has expired. Please log in again.')],
  },

  // Signed in, with nothing yet.
  {
    screen: 'Home feed',
    viewer: 'newcomer',
    path: '/',
    see: [heading('Welcome to Pathwise, {newcomerName}'), tab('Latest Posts'), tab('Learning Plans')],
  },
  {
    screen: 'Top bar',
    viewer: 'newcomer',
    path: '/',
    width: 'desktop',
    see: DESKTOP_TOP_BAR,
  },
  {
    screen: 'Top bar on a phone',
    viewer: 'newcomer',
    path: '/',
    width: 'phone',
    see: [...TOP_BAR, button('Main menu')],
  },
  {
    screen: 'User menu',
    viewer: 'newcomer',
    path: '/',
    width: 'desktop',
    opening: 'user menu',
    see: [
      text('{newcomerName}'),
      text('{newcomerEmail}'),
      menuitem('Your Profile'),
      menuitem('Notifications'),
      menuitem('Learning Analytics'),
      menuitem('Sign out'),
    ],
  },
  {
    screen: 'Mobile menu',
    viewer: 'newcomer',
    path: '/',
    width: 'phone',
    opening: 'mobile menu',
    see: [
      link('Home'),
      link('Analytics'),
      link('Create Post'),
      { role: 'searchbox', name: 'Search' },
      link('Your Profile'),
      link('Notifications'),
      button('Sign out'),
    ],
  },
  {
    screen: 'Own profile, empty',
    viewer: 'newcomer',
    path: '/profile/{newcomerId}',
    see: [
      heading('{newcomerName}'),
      tab('Posts'),
      tab('Learning Plans'),
      tab('Activity'),
      link('Edit Profile'),
      textPart('Followers'),
      textPart('Following'),
      textPart('Member since'),
    ],
  },
  {
    screen: 'Edit profile',
    viewer: 'newcomer',
    path: '/profile/edit',
    see: [textbox('Name'), textbox('Email'), textbox('Bio'), textbox('Location'), text('Profile picture')],
  },
  {
    screen: 'Analytics dashboard, no plans',
    viewer: 'newcomer',
    path: '/analytics',
    see: [
      ...ANALYTICS,
      text("You don't have any learning plans yet."),
      link('Create your first learning plan'),
      text('N/A'),
    ],
  },
  {
    screen: 'Notifications, none',
    viewer: 'newcomer',
    path: '/notifications',
    see: [heading('Notifications'), button('Mark All as Read')],
  },
  {
    screen: 'Create post',
    viewer: 'newcomer',
    path: '/create-post',
    opening: 'learning progress',
    see: [
      textbox('Title'),
      textbox('Content'),
      { role: 'combobox', name: 'Category' },
      text('Learning progress'),
      // From 0 to 100 in steps of 5.
      {
        role: 'slider',
        name: 'Learning progress percent',
        attributes: { min: '0', max: '100', step: '5' },
      },
      button('Cancel'),
      button('Publish Post'),
    ],
  },
  {
    screen: 'Create learning plan',
    viewer: 'newcomer',
    path: '/create-learning-plan',
    see: [
      heading('Create Learning Plan'),
      textbox('Title'),
      textbox('Description'),
      { role: 'combobox', name: 'Category' },
      { role: 'spinbutton', name: 'Estimated days' },
      textbox('Topic title'),
      button('Add Resource to topic 1'),
      button('Add Topic'),
      button('Cancel'),
      button('Create Learning Plan'),
    ],
  },
  {
    screen: 'Search, nothing found',
    viewer: 'newcomer',
    path: '/search?q={unknownWord}',
    see: [
      button('Search'),
      tab('All Results'),
      text('No results found for "{unknownWord}"'),
      text('Try different keywords or check your spelling'),
    ],
  },
  {
    screen: '404 page',
    viewer: 'newcomer',
    path: '/no-such-page',
    see: [
      heading('Page not found'),
      text(
        "Sorry, we couldn't find the page you're looking for. The link might be broken or the page " +
          'may have been removed.',
      ),
      link('Go back home'),
    ],
  },

  // With data, as its owner.
  {
    screen: 'Notification badge above 9',
    viewer: 'owner',
    path: '/',
    see: [text('9+')],
  },
  {
    screen: 'Analytics dashboard, with a plan',
    viewer: 'owner',
    path: '/analytics',
    see: [
      ...ANALYTICS,
      link('{planTitle}'),
      text('0.0% Complete'),
      text('0/1 topics completed'),
      text('Category: Programming'),
      text('Estimated: 30 days'),
    ],
  },
  {
    screen: 'Own profile, with a post',
    viewer: 'owner',
    path: '/profile/{ownerId}',
    see: [
      heading('{ownerName}'),
      link('Edit Profile'),
      heading('{postTitle}'),
      // Edit and Delete on the author's own cards.
      link('Edit'),
      button('Delete'),
    ],
  },
  {
    screen: 'Post detail, own post',
    viewer: 'owner',
    path: '/post/{postId}',
    // The post's author may delete the comments on it.
    see: [heading('{postTitle}'), button('Go back'), textbox('Add a comment'), button('Delete')],
  },
  {
    screen: 'Learning plan detail, own plan',
    viewer: 'owner',
    path: '/learning-plan/{planId}',
    see: [
      heading('{planTitle}'),
      { role: 'combobox', name: 'Status of {topicTitle}' },
      { role: 'checkbox', name: '{resourceTitle}' },
    ],
  },
  {
    screen: 'Edit learning plan',
    viewer: 'owner',
    path: '/learning-plan/{planId}/edit',
    see: [
      heading('Edit Learning Plan'),
      button('Add Topic'),
      button('Cancel'),
      button('Update Learning Plan'),
    ],
  },
  {
    screen: 'Notifications, unread',
    viewer: 'owner',
    path: '/notifications',
    see: [button('Show All'), button('Mark All as Read')],
  },

  // With data, as another member.
  {
    screen: "Someone else's profile",
    viewer: 'member',
    path: '/profile/{ownerId}',
    see: [heading('{ownerName}'), button('Unfollow'), tab('Posts'), tab('Learning Plans'), tab('Activity')],
  },
  {
    screen: 'Search results',
    viewer: 'member',
    path: '/search?q={word}',
    see: [
      tab('All Results'),
      tab('Users (2)'),
      tab('Posts (1)'),
      tab('Learning Plans (1)'),
      button('View all 2 users'),
      button('View all 1 post'),
      button('View all 1 learning plan'),
      link('View Profile'),
      link('View Learning Plan'),
    ],
  },
  {
    screen: "Editing someone else's post",
    viewer: 'member',
    path: '/edit-post/{postId}',
    see: [text('You do not have permission to edit this post'), button('Go Back')],
  },
  {
    screen: "Editing someone else's plan",
    viewer: 'member',
    path: '/learning-plan/{planId}/edit',
    see: [text("You don't have permission to edit this learning plan")],
  },
];

/** `template` with each `{name}` replaced by the data's value. */
export function filled(template: string, data: ScreenData): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in data ? data[key as keyof ScreenData] : whole,
  );
}

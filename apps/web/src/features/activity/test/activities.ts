import { type Activity, NO_ACTIVITY_DETAILS, type Page, type UserProfile } from '@pathwise/contract';
import { HttpResponse, http } from 'msw';
import { ann } from '../../../test/fixtures';
import { server } from '../../../test/msw-server';

export const annRef = { id: ann.id, name: ann.name, profilePicture: null };
export const bobRef = { id: 8, name: 'Bob Stone', profilePicture: null };
const bob: UserProfile = { ...ann, id: 8, name: 'Bob Stone', handle: 'bobstone', email: 'bob@example.com' };

let nextId = 1;

/** An activity as the server sends it, by Ann an hour ago unless told otherwise. */
export function activityOf(fields: Partial<Activity> & Pick<Activity, 'type'>): Activity {
  return {
    ...NO_ACTIVITY_DETAILS,
    id: nextId++,
    timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    user: annRef,
    ...fields,
  };
}

export const pageOf = (content: Activity[]): Page<Activity> => ({
  content,
  number: 0,
  size: 10,
  totalElements: content.length,
  totalPages: 1,
  first: true,
  last: true,
});

/** Ann's and Bob's profiles (the page around the Activity tab), with no posts on the first tab. */
export function serveProfilePage() {
  server.use(
    http.get('/api/users/:id', ({ params }) => HttpResponse.json(params.id === '8' ? bob : ann)),
    http.get('/api/posts/user/:id', () => HttpResponse.json({ ...pageOf([]), content: [] })),
  );
}

/** Answers one feed path (activities, learning-progress or social-activity) of any user. */
export function serveFeed(path: string, content: Activity[]) {
  server.use(http.get(`/api/users/:id/${path}`, () => HttpResponse.json(pageOf(content))));
}

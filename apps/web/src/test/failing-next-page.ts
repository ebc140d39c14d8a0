import { HttpResponse, http } from 'msw';
import { server } from './msw-server';
import { pageOf } from './page-of';

/**
 * Answers the list at `path` with `first` as page 0 (more to come) and a 500 for page 1 until
 * `recover()` is called, then `older` as its last page: a 'Load More' that fails once.
 */
export function serveFailingNextPage<T>(path: string, first: T, older: T) {
  let fails = true;
  server.use(
    http.get(path, ({ request }) => {
      if (new URL(request.url).searchParams.get('page') === '0')
        return HttpResponse.json(pageOf([first], 0, false));
      if (fails) return HttpResponse.json({}, { status: 500 });
      return HttpResponse.json(pageOf([older], 1));
    }),
  );
  return {
    recover: () => {
      fails = false;
    },
  };
}

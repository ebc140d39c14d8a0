import { HttpResponse } from 'msw';

/** An MSW resolver answering the API's error body with `status`. */
export function errorResponse(status: number, message: string) {
  return () => HttpResponse.json({ statusCode: status, error: 'Error', message }, { status });
}

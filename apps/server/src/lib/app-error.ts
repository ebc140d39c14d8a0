/** An error whose message is safe to show a person; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, errors?: { field: string; message: string }[]) =>
  new AppError(400, message, errors);
export const unauthorized = (message: string) => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string, errors?: { field: string; message: string }[]) =>
  new AppError(409, message, errors);
/** What existed is no longer usable (a used or expired link). */
export const gone = (message: string) => new AppError(410, message);
export const payloadTooLarge = (message: string) => new AppError(413, message);
export const unsupportedMediaType = (message: string) => new AppError(415, message);

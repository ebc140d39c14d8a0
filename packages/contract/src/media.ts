/** Upload rules, enforced by the server on the file's bytes and mirrored by the web forms. */
export const MEDIA_LIMITS = {
  maxFilesPerPost: 10,
  /** Each file must be under this many bytes (50 MB). */
  maxFileBytes: 52_428_800,
  maxVideoSeconds: 30,
  /** Post cards show at most this many media items. */
  gridItems: 6,
  maxPdfBytes: 52_428_800,
  /** A description (alt text) of an image, as Mastodon allows. */
  altTextMax: 1_500,
} as const;

export const POST_MEDIA_TYPES = {
  'image/jpeg': 'IMAGE',
  'image/png': 'IMAGE',
  'image/gif': 'IMAGE',
  'image/webp': 'IMAGE',
  'video/mp4': 'VIDEO',
  'video/quicktime': 'VIDEO',
} as const;
export type PostMediaMime = keyof typeof POST_MEDIA_TYPES;

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const MEDIA_MESSAGES = {
  tooMany: 'You can upload a maximum of 10 files.',
  badType: 'Only images (JPEG, PNG, GIF, WEBP) and videos (MP4, QuickTime) are allowed.',
  tooLarge: 'Files must be less than 50MB.',
  videoTooLong: (seconds: number) => `Video exceeds 30 seconds (${seconds}s)`,
  videoUnreadable: 'Failed to load video',
  fixVideoErrors: 'Please fix the video errors before publishing',
  imageOnly: 'Please choose an image file (JPEG, PNG, GIF or WEBP).',
  pdfOnly: 'Only PDF files are allowed',
  fileNotFound: 'There is no such file.',
  rangeNotSatisfiable: 'The requested range is outside the file.',
  malformedMultipart:
    'The upload could not be read: the multipart/form-data body is malformed or incomplete.',
  invalidJsonPart: 'A part sent as application/json is not valid JSON.',
  altTextTooLong: 'An image description must be at most 1,500 characters.',
  moreAltTextsThanFiles: 'There are more image descriptions than files: send one per file, in their order.',
  altTextOfForeignMedia: 'Only media of this post can be described.',
  /** The reminder before publishing an image nobody described. */
  altTextMissing:
    'Some images have no description. People who use screen readers will not know what they show.',
  /** What a screen reader hears of an image nobody described (its alt stays empty). */
  noDescription: 'No description',
} as const;

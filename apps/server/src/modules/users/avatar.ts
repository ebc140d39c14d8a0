import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { IMAGE_TYPES, MEDIA_LIMITS, MEDIA_MESSAGES, USER_MESSAGES } from '@pathwise/contract';
import { unsupportedMediaType } from '../../lib/app-error.js';
import { writeWebpThumbnail } from '../../lib/uploads/inspect.js';
import type { UploadRules } from '../../lib/uploads/receive.js';

/**
 * One square WebP per picture, 320 px: sharp on the largest place it is shown (the 160 px profile
 * header on a 2x screen) and only a few kilobytes in the 32 px top bar, so one size serves every place.
 */
export const AVATAR_SIDE = 320;

export const AVATAR_UPLOAD_RULES: UploadRules = {
  fileFields: ['file'],
  accept: Object.fromEntries(IMAGE_TYPES.map((mime) => [mime, 'IMAGE' as const])),
  maxFiles: 1,
  maxBytes: MEDIA_LIMITS.maxFileBytes,
  messages: {
    tooMany: USER_MESSAGES.onePicture,
    badType: MEDIA_MESSAGES.imageOnly,
    tooLarge: MEDIA_MESSAGES.tooLarge,
  },
};

export const newAvatarKey = () => `avatars/${randomUUID()}.webp`;

/** Crops and scales an accepted upload to the avatar; a picture whose pixels cannot be decoded is a 415. */
export async function renderAvatar(source: string, tmpDir: string): Promise<string> {
  const target = path.join(tmpDir, `${randomUUID()}.webp`);
  try {
    await writeWebpThumbnail(source, target, AVATAR_SIDE, 'cover');
  } catch (error) {
    await rm(target, { force: true });
    // sharp reports undecodable pixels (e.g. a truncated file) as plain errors; system errors carry a code.
    if ((error as NodeJS.ErrnoException).code) throw error;
    throw unsupportedMediaType(MEDIA_MESSAGES.imageOnly);
  }
  return target;
}

/** Files of ours behind a stored picture; pictures from an identity provider are absolute URLs, not ours. */
/** Whether a picture is a stored file of ours rather than an identity provider's URL. */
export const isStoredFile = (picture: string) => !/^https?:\/\//.test(picture);

export function ownedPictureKeys(picture: string | null): string[] {
  return picture && isStoredFile(picture) ? [picture] : [];
}

import {
  type OwnProfile,
  type PrivacySettings,
  type PrivacySettingsUpdate,
  type ProfilePictureResponse,
  type ProfileUpdateBody,
  USER_MESSAGES,
  type UserProfile,
} from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { responseText } from '../../lib/response-text.js';
import type { Uploads } from '../../lib/uploads/upload.js';
import { type IncomingUpload, withUpload } from '../../lib/uploads/upload.js';
import { isVisitor, type Viewer } from '../../lib/viewer.js';
import { AVATAR_UPLOAD_RULES, newAvatarKey, ownedPictureKeys, renderAvatar } from './avatar.js';
import { deleteRemoteFollowsBothWays } from './remote-followers.queries.js';
import {
  findPrivacy,
  lockPrivacy,
  lockProfilePicture,
  type ProfileRow,
  prepareUserReads,
  setProfilePicture,
  updatePrivacy,
  updateProfileFields,
  userExists,
} from './users.queries.js';

/**
 * A suspended account's profile keeps its name (Mastodon's "This account has been suspended" page) and
 * withholds the rest.
 */
const toProfile = (
  viewer: Viewer,
  { showProfileToVisitors, ...row }: ProfileRow,
  publicReading: boolean,
): UserProfile => ({
  ...row,
  // The same rule as the feed's own (modules/syndication): a visitor could read it.
  hasFeed: publicReading && showProfileToVisitors && !row.suspended,
  bio: row.suspended ? '' : responseText(row.bio),
  location: row.suspended ? '' : responseText(row.location),
  profilePicture: row.suspended ? null : viewer.mediaUrl(row.profilePicture),
  createdAt: row.createdAt.toISOString(),
});

/**
 * The picture key to keep after an update: the body may only remove the picture (null) or repeat the
 * URL it was given for the current one; new pictures arrive through the upload endpoint.
 */
function nextPicture(viewer: Viewer, current: string | null, requested: string | null | undefined) {
  if (requested === undefined || requested === viewer.mediaUrl(current)) return current;
  if (requested === null) return null;
  throw badRequest(USER_MESSAGES.pictureNotUploaded, [
    { field: 'profilePicture', message: USER_MESSAGES.pictureNotUploaded },
  ]);
}

export function createUsersService(
  db: Database,
  uploads: Uploads,
  { publicReading, events }: { publicReading: boolean; events: EventBus },
) {
  const reads = prepareUserReads(db);

  /** A profile as the viewer may see it: to a visitor, only one its owner shows to visitors. */
  function shown(viewer: Viewer, row: ProfileRow | null): UserProfile {
    if (!row || (isVisitor(viewer) && !row.showProfileToVisitors)) throw notFound(USER_MESSAGES.notFound);
    return toProfile(viewer, row, publicReading);
  }

  async function profile(viewer: Viewer, id: number): Promise<UserProfile> {
    return shown(viewer, await reads.profile(id, viewer.id));
  }

  /**
   * The viewer's own profile (their e-mail address always shown to them), or null when the account no longer
   * exists.
   */
  async function ownProfile(viewer: Viewer): Promise<OwnProfile | null> {
    const row = await reads.profile(viewer.id, viewer.id);
    return row && { ...toProfile(viewer, row, publicReading), email: row.email ?? '' };
  }

  return {
    /** The signed-in user of a token, for the auth plugin: null once the account is gone. */
    sessionUser: reads.sessionUser,

    currentUser: ownProfile,

    async privacy(viewer: Viewer): Promise<PrivacySettings> {
      const settings = await findPrivacy(db, viewer.id);
      if (!settings) throw notFound(USER_MESSAGES.notFound);
      return settings;
    },

    /**
     * Saves the privacy settings. Hiding a shown profile takes the person off other servers (their actor
     * is gone): their follows with people elsewhere end both ways, and the subscribers of
     * `user.profile.hidden` read them first to tell those servers (docs/federation.md).
     */
    async setPrivacy(viewer: Viewer, settings: PrivacySettingsUpdate): Promise<PrivacySettings> {
      if (settings.showProfileToVisitors !== false) {
        const saved = await updatePrivacy(db, viewer.id, settings);
        if (!saved) throw notFound(USER_MESSAGES.notFound);
        return saved;
      }
      return db.transaction(async (tx) => {
        const before = await lockPrivacy(tx, viewer.id);
        const saved = before && (await updatePrivacy(tx, viewer.id, settings));
        if (!saved) throw notFound(USER_MESSAGES.notFound);
        if (before.showProfileToVisitors) {
          await events.publish(tx, { type: 'user.profile.hidden', userId: viewer.id });
          await deleteRemoteFollowsBothWays(tx, viewer.id);
        }
        return saved;
      });
    },

    profile,

    /** The profile of the person with `handle` (what a `/@handle` page shows). */
    async profileByHandle(viewer: Viewer, handle: string): Promise<UserProfile> {
      return shown(viewer, await reads.profileByHandle(handle, viewer.id));
    },

    async updateProfile(viewer: Viewer, id: number, body: ProfileUpdateBody): Promise<OwnProfile> {
      if (id !== viewer.id) {
        throw (await userExists(db, id))
          ? forbidden(USER_MESSAGES.notYourProfile)
          : notFound(USER_MESSAGES.notFound);
      }
      const replaced = await db.transaction(async (tx) => {
        const current = await lockProfilePicture(tx, id);
        if (!current) throw notFound(USER_MESSAGES.notFound);
        if (current.email.toLowerCase() !== body.email.toLowerCase()) {
          throw badRequest(USER_MESSAGES.emailChangeInSettings, [
            { field: 'email', message: USER_MESSAGES.emailChangeInSettings },
          ]);
        }
        const picture = nextPicture(viewer, current.profilePicture, body.profilePicture);
        const { email: _unchanged, ...fields } = body;
        await updateProfileFields(tx, id, { ...fields, profilePicture: picture });
        await events.publish(tx, { type: 'user.profile.updated', userId: id });
        return picture === current.profilePicture ? [] : ownedPictureKeys(current.profilePicture);
      });
      await uploads.removal.removeUnreferenced(replaced);
      const updated = await ownProfile(viewer);
      if (!updated) throw notFound(USER_MESSAGES.notFound);
      return updated;
    },

    /**
     * Makes an uploaded picture (part `file`) the viewer's at once; the previous picture's file is removed.
     */
    async replacePicture(viewer: Viewer, upload: IncomingUpload): Promise<ProfilePictureResponse> {
      const { key, previous } = await withUpload(
        uploads,
        upload,
        AVATAR_UPLOAD_RULES,
        async (received, store) => {
          const file = received.files[0];
          if (!file) throw badRequest(USER_MESSAGES.pictureMissing);
          const key = newAvatarKey();
          await store(key, await renderAvatar(file.path, uploads.tmpDir));
          const previous = await db.transaction(async (tx) => {
            const current = await lockProfilePicture(tx, viewer.id);
            if (!current) throw notFound(USER_MESSAGES.notFound);
            await setProfilePicture(tx, viewer.id, key);
            await events.publish(tx, { type: 'user.profile.updated', userId: viewer.id });
            return current.profilePicture;
          });
          return { key, previous };
        },
      );
      await uploads.removal.removeUnreferenced(ownedPictureKeys(previous));
      return { fileUrl: viewer.mediaUrl(key) ?? key };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

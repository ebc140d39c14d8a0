import { z } from 'zod';
import { emailField, nameField } from './auth.js';
import { pathId, text } from './common.js';
import { BIO_MAX_LENGTH, LOCATION_MAX_LENGTH } from './constants.js';

/**
 * A user as the profile page shows it; `GET /api/auth/me`
 * answers the same shape for the signed-in user, where isCurrentUserFollowing is always false.
 */
export const userProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What others type after @ to mention the user (see mentions.ts). */
  handle: z.string(),
  /** null to anyone else unless the user turned "Show my e-mail address to others" on (off by default). */
  email: z.string().nullable(),
  /** '' when there is none: text in answers is never null (wire contract decision 15). */
  bio: z.string(),
  location: z.string(),
  profilePicture: z.string().nullable(),
  createdAt: z.string(),
  followersCount: z.number().int(),
  followingCount: z.number().int(),
  postsCount: z.number().int(),
  isCurrentUserFollowing: z.boolean(),
  /** Whether the viewer blocked this user (false on your own profile). */
  isBlocked: z.boolean(),
  /** Whether the viewer muted this user (false on your own profile). */
  isMuted: z.boolean(),
  /** Suspended by a moderator: bio, location and picture are then withheld, and all they made is hidden. */
  suspended: z.boolean(),
  /**
   * Whether their posts have an Atom feed (`profileFeedPath(handle)`): the instance lets visitors read
   * (PUBLIC_READING) and they show their profile to visitors, and they are not suspended.
   */
  hasFeed: z.boolean(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** Your own profile: you always see your own e-mail address. */
export const ownProfile = userProfile.extend({ email: z.string() });
export type OwnProfile = z.infer<typeof ownProfile>;

/**
 * The signed-in user's own profile, and whether they moderate (docs/features.md, "Reports and moderation").
 */
export const currentUser = ownProfile.extend({ isModerator: z.boolean() });
export type CurrentUser = z.infer<typeof currentUser>;

/** A row of the followers/following lists: lists show the name and @handle. */
export const userListItem = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  /** null unless the user chose to show their e-mail address to others (off by default). */
  email: z.string().nullable(),
  profilePicture: z.string().nullable(),
  /** Whether the viewer follows this user (wire contract decision 13). */
  isCurrentUserFollowing: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItem>;

/** Optional free text: trimmed, and an empty response means "none" (stored as null). */
const optionalText = (max: number, label: string) =>
  text({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * `PUT /api/users/{id}`. Unknown keys such as `id` are dropped.
 * `profilePicture` is null to remove the picture, or the URL the server already has for the user
 * (a new picture is set by `POST /api/users/profile-picture` first); absent means unchanged.
 */
export const profileUpdateBody = z.object({
  name: nameField,
  email: emailField,
  bio: optionalText(BIO_MAX_LENGTH, 'Bio'),
  location: optionalText(LOCATION_MAX_LENGTH, 'Location'),
  profilePicture: text({ error: 'profilePicture must be a URL or null' }).nullable().optional(),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateBody>;
export type ProfileUpdateBody = z.output<typeof profileUpdateBody>;

export const followStatus = z.object({ isFollowing: z.boolean() });
export type FollowStatus = z.infer<typeof followStatus>;

/** Answer of `POST`/`DELETE /api/users/{id}/follow`: the state after the call, with the exact count. */
export const followResult = followStatus.extend({ followersCount: z.number().int() });
export type FollowResult = z.infer<typeof followResult>;

export const profilePictureResponse = z.object({ fileUrl: z.string() });
export type ProfilePictureResponse = z.infer<typeof profilePictureResponse>;

export const USER_MESSAGES = {
  invalidId: 'Invalid user ID',
  notFound: 'User profile not found. Please check the user ID.',
  cannotFollowSelf: 'You cannot follow yourself.',
  cannotFollowBlocked: "You can't follow this person.",
  cannotBlockSelf: 'You cannot block yourself.',
  cannotMuteSelf: 'You cannot mute yourself.',
  notYourProfile: 'You can only edit your own profile.',
  pictureNotUploaded: 'Upload the new picture first; a profile can only show a picture uploaded to Pathwise.',
  pictureMissing: 'Choose an image file to upload.',
  onePicture: 'Upload one picture at a time.',
  /** A profile edit keeps the address: a new one must be confirmed through a mailed link first. */
  emailChangeInSettings:
    'To change your e-mail address, use Settings: we send a link to the new address to confirm it.',
} as const;

/** The `{id}` of every `/api/users/{id}…` path. */
export const userIdParams = z.object({
  id: pathId({ invalid: USER_MESSAGES.invalidId, notFound: USER_MESSAGES.notFound }),
});

const showEmail = z.boolean({ error: 'showEmail must be true or false' });
const showProfileToVisitors = z.boolean({ error: 'showProfileToVisitors must be true or false' });
const showLearningCalendar = z.boolean({ error: 'showLearningCalendar must be true or false' });

/** Answer of `GET`/`PUT /api/users/me/privacy`: what the signed-in user shows others. */
export const privacySettings = z.object({
  /** "Show my e-mail address to others"; off until the person turns it on. */
  showEmail,
  /**
   * "Show my profile to visitors": whether people without an account see the profile when the
   * instance allows reading signed out (docs/product.md#decisions, 19). Off until the person turns it
   * on; the e-mail address is never shown to visitors either way.
   */
  showProfileToVisitors,
  /** "Show my learning calendar on my profile": off until turned on; the owner always sees it. */
  showLearningCalendar,
});
export type PrivacySettings = z.infer<typeof privacySettings>;

/** `PUT /api/users/me/privacy`: the settings to change; what is left out stays as it is. */
export const privacySettingsUpdate = z
  .object({
    showEmail: showEmail.optional(),
    showProfileToVisitors: showProfileToVisitors.optional(),
    showLearningCalendar: showLearningCalendar.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send showEmail, showProfileToVisitors or showLearningCalendar, true or false',
  });
export type PrivacySettingsUpdate = z.infer<typeof privacySettingsUpdate>;

/** `{handle}` of `GET /api/users/by-handle/{handle}` (what `/@handle` pages open). */
export const userHandleParams = z.object({
  handle: z
    .string()
    .regex(/^[A-Za-z0-9_]{3,30}$/, { error: 'A handle is 3 to 30 letters, digits or underscores' }),
});

/** Answer of `PUT`/`DELETE /api/users/{id}/block`: the state after the call. */
export const blockStatus = z.object({ isBlocked: z.boolean() });
export type BlockStatus = z.infer<typeof blockStatus>;

/** Answer of `PUT`/`DELETE /api/users/{id}/mute`: the state after the call. */
export const muteStatus = z.object({ isMuted: z.boolean() });
export type MuteStatus = z.infer<typeof muteStatus>;

/**
 * A row of `GET /api/users/me/blocks` and `/mutes`: the person, and when the viewer blocked or muted them.
 */
export const restrictedUser = z.object({
  id: z.number().int(),
  name: z.string(),
  handle: z.string(),
  profilePicture: z.string().nullable(),
  since: z.string(),
});
export type RestrictedUser = z.infer<typeof restrictedUser>;

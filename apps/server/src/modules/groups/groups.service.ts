import { randomBytes } from 'node:crypto';
import {
  type BoardMember,
  GROUP_BOARD_SORT_DIRECTIONS,
  GROUP_MESSAGES,
  type Group,
  type GroupActivityPage,
  type GroupBoard,
  type GroupBoardQuery,
  type GroupPace,
  type GroupPage,
  type GroupPost,
  type GroupPostPage,
  type GroupRemovalPage,
  type GroupReply,
  type GroupRole,
  type groupBody,
  groupPostBody,
  MEDIA_MESSAGES,
  type PageQuery,
  PLAN_MESSAGES,
  type TopicStatus,
  USER_MESSAGES,
  type UserRef,
} from '@pathwise/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import type { EventBus } from '../../lib/events.js';
import { pageWindow, toPage } from '../../lib/pagination.js';
import { parseInput } from '../../lib/parse-input.js';
import { mediaResponse, type NewMedia, POST_UPLOAD_RULES, storePostMedia } from '../../lib/uploads/media.js';
import { type IncomingUpload, type Uploads, withUpload } from '../../lib/uploads/upload.js';
import type { Viewer } from '../../lib/viewer.js';
import {
  deleteGroupPost,
  deleteMember,
  deleteRemoval,
  type GroupPostRow,
  type GroupRow,
  insertGroup,
  insertGroupPost,
  insertGroupPostMedia,
  insertMember,
  selectBoard,
  selectGroup,
  selectGroupActivity,
  selectGroupPostAuthor,
  selectGroupPosts,
  selectGroupsOfUser,
  selectGroupsWithIds,
  selectMemberRole,
  selectMyGroups,
  selectRemovals,
  updateInviteToken,
  updateMemberRole,
  upsertRemoval,
} from './groups.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An invite link's secret: 144 random bits, URL-safe. */
const newInviteToken = () => randomBytes(18).toString('base64url');

const roleOf = (row: { founder: boolean; role: string }): GroupRole =>
  row.founder ? 'FOUNDER' : (row.role as GroupRole);

function response(row: GroupRow, viewer: Viewer): Group {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: !row.inviteOnly,
    plan: row.plan,
    founder: { ...row.founder, profilePicture: viewer.mediaUrl(row.founder.profilePicture) },
    startDate: row.startDate,
    topicsPerWeek: row.topicsPerWeek,
    memberCount: row.memberCount,
    createdAt: new Date(row.createdAt).toISOString(),
    viewerRole:
      row.memberRole === null ? null : roleOf({ founder: row.founderId === viewer.id, role: row.memberRole }),
    inviteToken: row.inviteToken,
  };
}

function replyResponse(row: GroupPostRow, viewer: Viewer): GroupReply {
  return {
    id: row.id,
    author: { ...row.author, profilePicture: viewer.mediaUrl(row.author.profilePicture) },
    content: row.content,
    media: row.media.map((item) => mediaResponse(item, viewer.mediaUrl)),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

const postResponse = (row: GroupPostRow, viewer: Viewer): GroupPost => ({
  ...replyResponse(row, viewer),
  replies: (row.replies ?? []).map((reply) => replyResponse(reply, viewer)),
});

/**
 * How many topics the pace expects done today: `topicsPerWeek` for every week since the start date, at
 * most every topic; null without a start date or pace.
 */
export function expectedCompleted(
  startDate: string | null,
  topicsPerWeek: number | null,
  topicCount: number,
  now = Date.now(),
): number | null {
  if (startDate === null || topicsPerWeek === null) return null;
  const days = Math.floor((now - Date.parse(`${startDate}T00:00:00Z`)) / DAY_MS);
  return Math.min(topicCount, Math.max(0, Math.floor((days * topicsPerWeek) / 7)));
}

function paceOf(completed: number, expected: number | null): GroupPace | null {
  if (expected === null) return null;
  if (completed > expected) return 'AHEAD';
  return completed === expected ? 'ON_TRACK' : 'BEHIND';
}

/**
 * Study groups (docs/features.md, "Study groups"): a group is seen by whoever may see its plan (public
 * groups), or its members and holders of its invite link; the board by its members only. Anything the
 * viewer may not see is a 404, whatever its id.
 */
type GroupPostInput = z.output<typeof groupPostBody>;

/** What a discussion post is sent as: JSON (validated by its route) or a multipart upload with files. */
export type GroupPostRequest = { body: GroupPostInput | null | undefined } | { upload: IncomingUpload };

export function createGroupsService({
  db,
  events,
  uploads,
}: {
  db: Database;
  events: EventBus;
  uploads: Uploads;
}) {
  const missing = () => notFound(GROUP_MESSAGES.groupNotFound);

  async function asMember(tx: Database, viewer: Viewer, groupId: number) {
    const row = await visible(tx, viewer, groupId);
    if (row.memberRole === null) throw forbidden(GROUP_MESSAGES.notAMember);
    return row;
  }

  function write(viewer: Viewer, groupId: number, body: GroupPostInput, media: readonly NewMedia[]) {
    return db.transaction(async (tx) => {
      const row = await asMember(tx, viewer, groupId);
      const made = await insertGroupPost(tx, {
        groupId,
        authorId: viewer.id,
        content: body.content,
        replyToId: body.replyToId ?? null,
      });
      if (!made) throw notFound(GROUP_MESSAGES.postNotFound);
      const stored = await insertGroupPostMedia(tx, made.id, media);
      await events.publish(tx, {
        type: 'group.posted',
        actorId: viewer.id,
        groupId,
        planId: row.plan.id,
        groupName: row.name,
        repliedToAuthorId: made.repliedToAuthorId,
        content: body.content,
      });
      return postResponse({ ...made, media: stored }, viewer);
    });
  }

  async function visible(tx: Database, viewer: Viewer, groupId: number, invite?: string) {
    const row = await selectGroup(tx, viewer.id, groupId, invite);
    if (!row) throw missing();
    return row;
  }

  async function asOrganiser(tx: Database, viewer: Viewer, groupId: number) {
    const row = await visible(tx, viewer, groupId);
    if (row.memberRole !== 'ORGANISER') throw forbidden(GROUP_MESSAGES.organisersOnly);
    return row;
  }

  return {
    async create(viewer: Viewer, body: z.output<typeof groupBody>): Promise<Group> {
      return db.transaction(async (tx) => {
        const { isPublic, ...fields } = body;
        const group = { ...fields, inviteOnly: !isPublic, inviteToken: newInviteToken() };
        const id = await insertGroup(tx, viewer.id, group);
        if (id === null) throw notFound(PLAN_MESSAGES.planNotFound);
        return response(await visible(tx, viewer, id), viewer);
      });
    },

    async one(viewer: Viewer, groupId: number, invite?: string): Promise<Group> {
      return response(await visible(db, viewer, groupId, invite), viewer);
    },

    /** The groups of `ids` search may show the viewer, in any order, for the search module: one statement. */
    async groupsFor(viewer: Viewer, ids: number[]): Promise<Group[]> {
      if (ids.length === 0) return [];
      return (await selectGroupsWithIds(db, viewer.id, ids)).map((row) => response(row, viewer));
    },

    async mine(viewer: Viewer, query: PageQuery): Promise<GroupPage> {
      const { total, groups } = await selectMyGroups(db, viewer.id, pageWindow(query));
      return toPage(
        groups.map((row) => response(row, viewer)),
        total,
        query,
      );
    },

    /** A person’s groups the viewer may see, for their profile: invite-only ones only to co-members. */
    async ofUser(viewer: Viewer, userId: number, query: PageQuery): Promise<GroupPage> {
      const { userFound, total, groups } = await selectGroupsOfUser(db, viewer.id, userId, pageWindow(query));
      if (!userFound) throw notFound(USER_MESSAGES.notFound);
      return toPage(
        groups.map((row) => response(row, viewer)),
        total,
        query,
      );
    },

    /**
     * Joins a public group, or an invite-only one with its invite token; joining twice changes nothing.
     * Someone the organisers removed is refused until an organiser lets them back.
     */
    async join(viewer: Viewer, groupId: number, inviteToken?: string): Promise<Group> {
      return db.transaction(async (tx) => {
        const row = await visible(tx, viewer, groupId, inviteToken);
        if (row.memberRole !== null) return response(row, viewer);
        // A block between the joiner and the founder, made since the read above, is refused here.
        const { joined, removed } = await insertMember(tx, viewer.id, groupId);
        if (removed) throw forbidden(GROUP_MESSAGES.removed);
        if (!joined) throw missing();
        await events.publish(tx, {
          type: 'group.joined',
          actorId: viewer.id,
          groupId,
          planId: row.plan.id,
          groupName: row.name,
        });
        return response(await visible(tx, viewer, groupId, inviteToken), viewer);
      });
    },

    async leave(viewer: Viewer, groupId: number): Promise<void> {
      const row = await visible(db, viewer, groupId);
      if (row.memberRole === null) throw notFound(GROUP_MESSAGES.notAMember);
      if (row.founderId === viewer.id) throw badRequest(GROUP_MESSAGES.founderCannotLeave);
      if (!(await deleteMember(db, groupId, viewer.id))) throw notFound(GROUP_MESSAGES.notAMember);
    },

    /**
     * An organiser removes a member; only the founder removes another organiser. The removal is kept, so
     * they cannot join again until an organiser lifts it; an organiser removing themselves just leaves.
     */
    async remove(viewer: Viewer, groupId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await asOrganiser(tx, viewer, groupId);
        if (userId === row.founderId) throw badRequest(GROUP_MESSAGES.founderCannotLeave);
        const role = await selectMemberRole(tx, groupId, userId);
        if (role === null) throw notFound(GROUP_MESSAGES.memberNotFound);
        if (role === 'ORGANISER' && row.founderId !== viewer.id && userId !== viewer.id) {
          throw forbidden(GROUP_MESSAGES.founderOnly);
        }
        await deleteMember(tx, groupId, userId);
        if (userId !== viewer.id) await upsertRemoval(tx, groupId, userId, viewer.id);
      });
    },

    /** The people the organisers removed, most recently first (organisers only). */
    async removals(viewer: Viewer, groupId: number, query: PageQuery): Promise<GroupRemovalPage> {
      await asOrganiser(db, viewer, groupId);
      const { total, removals } = await selectRemovals(db, viewer.id, groupId, pageWindow(query));
      const person = (user: UserRef) => ({ ...user, profilePicture: viewer.mediaUrl(user.profilePicture) });
      const lines = removals.map((row) => ({
        user: person(row.user),
        removedBy: row.removedBy && person(row.removedBy),
        removedAt: new Date(row.removedAt).toISOString(),
      }));
      return toPage(lines, total, query);
    },

    /** An organiser lets a removed person back: they may join again as anyone may (nobody adds them). */
    async liftRemoval(viewer: Viewer, groupId: number, userId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await asOrganiser(tx, viewer, groupId);
        if (!(await deleteRemoval(tx, groupId, userId))) throw notFound(GROUP_MESSAGES.removalNotFound);
      });
    },

    /** The founder makes a member an organiser, or an organiser a member again. */
    async setRole(viewer: Viewer, groupId: number, userId: number, role: 'ORGANISER' | 'MEMBER') {
      return db.transaction(async (tx) => {
        const row = await visible(tx, viewer, groupId);
        if (row.founderId !== viewer.id) throw forbidden(GROUP_MESSAGES.founderOnly);
        if (userId === row.founderId) throw badRequest(GROUP_MESSAGES.founderRoleFixed);
        if (!(await updateMemberRole(tx, groupId, userId, role))) {
          throw notFound(GROUP_MESSAGES.memberNotFound);
        }
        return { role };
      });
    },

    /** A new invite link: the previous one stops working. */
    async newInvite(viewer: Viewer, groupId: number): Promise<{ inviteToken: string }> {
      return db.transaction(async (tx) => {
        await asOrganiser(tx, viewer, groupId);
        const inviteToken = newInviteToken();
        await updateInviteToken(tx, groupId, inviteToken);
        return { inviteToken };
      });
    },

    async revokeInvite(viewer: Viewer, groupId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await asOrganiser(tx, viewer, groupId);
        await updateInviteToken(tx, groupId, null);
      });
    },

    /** The discussion, a page of posts with their replies: one statement (a second to explain a refusal). */
    async posts(viewer: Viewer, groupId: number, query: PageQuery): Promise<GroupPostPage> {
      const { found, total, posts } = await selectGroupPosts(db, viewer.id, groupId, pageWindow(query));
      if (!found) {
        await visible(db, viewer, groupId);
        throw forbidden(GROUP_MESSAGES.notAMember);
      }
      return toPage(
        posts.map((row) => postResponse(row, viewer)),
        total,
        query,
      );
    },

    /**
     * A member posts in the discussion, or replies to a post of it; a multipart request carries images
     * and videos, stored (without their metadata) only once the person is known to be a member.
     */
    async post(viewer: Viewer, groupId: number, request: GroupPostRequest): Promise<GroupPost> {
      if ('body' in request) {
        if (!request.body) throw badRequest(GROUP_MESSAGES.postRequired);
        if (request.body.altTexts.length > 0) throw badRequest(MEDIA_MESSAGES.moreAltTextsThanFiles);
        return write(viewer, groupId, request.body, []);
      }
      await asMember(db, viewer, groupId);
      return withUpload(uploads, request.upload, POST_UPLOAD_RULES, async (received, store) => {
        if (!('post' in received.json)) throw badRequest(GROUP_MESSAGES.postPartMissing);
        const body = parseInput(groupPostBody, received.json.post);
        return write(
          viewer,
          groupId,
          body,
          await storePostMedia(uploads.tmpDir, received.files, body.altTexts, store),
        );
      });
    },

    /** Its author, or an organiser, deletes a post (with its replies) or a reply. */
    async removePost(viewer: Viewer, groupId: number, postId: number): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const row = await asMember(tx, viewer, groupId);
        const authorId = await selectGroupPostAuthor(tx, groupId, postId);
        if (authorId === null) throw notFound(GROUP_MESSAGES.postNotFound);
        if (authorId !== viewer.id && row.memberRole !== 'ORGANISER') {
          throw forbidden(GROUP_MESSAGES.notYourPost);
        }
        return deleteGroupPost(tx, postId);
      });
      // At once, not at the next file sweep (the trigger's record of them is the fallback).
      await uploads.removal.removeUnreferenced(files);
    },

    /** The topics members finished, newest first, one page: one statement (a second to explain a refusal). */
    async activity(viewer: Viewer, groupId: number, query: PageQuery): Promise<GroupActivityPage> {
      const { found, total, activity } = await selectGroupActivity(db, viewer.id, groupId, pageWindow(query));
      if (!found) {
        await visible(db, viewer, groupId);
        throw forbidden(GROUP_MESSAGES.notAMember);
      }
      const lines = activity.map((row) => ({
        user: { ...row.user, profilePicture: viewer.mediaUrl(row.user.profilePicture) },
        topic: row.topic,
        doneAt: new Date(row.doneAt).toISOString(),
      }));
      return toPage(lines, total, query);
    },

    /**
     * The progress board, one page of members in the order asked: one statement (a second only to explain
     * a refusal).
     */
    async board(viewer: Viewer, groupId: number, query: GroupBoardQuery): Promise<GroupBoard> {
      const direction = query.direction ?? GROUP_BOARD_SORT_DIRECTIONS[query.sort];
      const board = await selectBoard(db, viewer.id, groupId, pageWindow(query), {
        sort: query.sort,
        direction,
      });
      if (!board.found) {
        await visible(db, viewer, groupId);
        throw forbidden(GROUP_MESSAGES.notAMember);
      }
      const expected = expectedCompleted(board.startDate, board.topicsPerWeek, board.topics.length);
      const members: BoardMember[] = board.members.map((member) => {
        const completed = member.statuses.filter((status) => status === 'COMPLETED').length;
        // A skipped topic is one the member chose to pass over: it counts as behind them, not against them.
        const skipped = member.statuses.filter((status) => status === 'SKIPPED').length;
        return {
          user: {
            id: member.userId,
            name: member.name,
            profilePicture: viewer.mediaUrl(member.profilePicture),
          },
          role: roleOf(member),
          joinedAt: new Date(member.joinedAt).toISOString(),
          statuses: member.statuses as TopicStatus[],
          completed,
          skipped,
          pace: paceOf(completed + skipped, expected),
        };
      });
      return {
        topics: board.topics,
        expectedCompleted: expected,
        members: toPage(members, board.total, query),
      };
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;

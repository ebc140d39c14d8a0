import type { Context } from '@fedify/fedify';
import {
  Article,
  Create,
  Delete,
  Mention,
  Note,
  PUBLIC_COLLECTION,
  type Recipient,
  Tombstone,
  Update,
} from '@fedify/vocab';
import { mentionedAccounts } from '@pathwise/contract';
import type { Database } from '../../db/client.js';
import { activityAbout, markdownToHtml, type SendToFollowers } from './article.js';
import { findPublicComment, type PublicCommentRow } from './comment-notes.queries.js';
import { instantNow, instantOf } from './instant.js';
import {
  linkMentions,
  type MentionedActor,
  mentionRecipients,
  mentionTags,
  type RemoteMentions,
} from './remote-mentions.js';

/** Where a comment's `Note` lives (Fedify takes one object path per class). */
export const NOTE_PATH = '/ap/comments/{id}';

const noteUri = (ctx: Context<void>, id: number) => ctx.getObjectUri(Note, { id: String(id) });

/** The person of another server whose comment this one answers: told of it (cc, a Mention, their inbox). */
const answeredActorOf = (row: PublicCommentRow) =>
  row.answeredActorUri ? new URL(row.answeredActorUri) : null;

type Deps = { db: Database; origin: string; send: SendToFollowers; mentions: RemoteMentions };

/**
 * Comments written here as `Note`s (docs/federation.md, "What federates"): read by other servers at
 * `NOTE_PATH` while anyone may read them, and sent as they are written, edited and deleted to the
 * commenter's remote followers, to the remote author of the comment answered and to the people
 * elsewhere it mentions.
 */
export function createCommentNotes({ db, origin, send, mentions }: Deps) {
  /** The people elsewhere the comment mentions, among those recorded here (none: no statement). */
  const mentionedIn = (row: PublicCommentRow) => mentions.known(mentionedAccounts(row.content));

  /**
   * The comment as a reply to the post's Article, or to the Note of the comment it answers, naming the
   * people it mentions (`mentioned`) and the remote author it answers.
   */
  function noteOf(ctx: Context<void>, row: PublicCommentRow, mentioned: MentionedActor[]): Note {
    const author = String(row.authorId);
    const remote = answeredActorOf(row);
    const others = mentioned.filter((actor) => actor.uri !== remote?.href);
    let inReplyTo = ctx.getObjectUri(Article, { kind: 'posts', id: String(row.postId) });
    if (row.answeredId !== null)
      inReplyTo = row.answeredUri ? new URL(row.answeredUri) : noteUri(ctx, row.answeredId);
    return new Note({
      id: noteUri(ctx, row.id),
      attribution: ctx.getActorUri(author),
      replyTarget: inReplyTo,
      to: PUBLIC_COLLECTION,
      ccs: [ctx.getFollowersUri(author), ...(remote ? [remote] : []), ...others.map((m) => new URL(m.uri))],
      content: linkMentions(markdownToHtml(row.content), mentioned, origin),
      // The web app has no anchor per comment: its post's page shows it.
      url: new URL(`/post/${row.postId}`, origin),
      published: instantOf(row.createdAt),
      updated: row.editedAt ? instantOf(row.editedAt) : null,
      // Mastodon notifies the people a Note's Mention tags name.
      tags: [
        ...(remote ? [new Mention({ href: remote, name: row.answeredHandle })] : []),
        ...mentionTags(others),
      ],
    });
  }

  /**
   * The inboxes delivered to beside the commenter's followers (when known): the answered remote
   * author's, and those of the people it mentions.
   */
  function namedInboxes(row: PublicCommentRow, mentioned: MentionedActor[]): Recipient[] {
    const remote = answeredActorOf(row);
    const others = mentionRecipients(mentioned).filter((named) => named.id?.href !== remote?.href);
    if (!remote || !row.answeredInboxUrl) return others;
    const shared = row.answeredSharedInboxUrl;
    return [
      {
        id: remote,
        inboxId: new URL(row.answeredInboxUrl),
        endpoints: shared ? { sharedInbox: new URL(shared) } : null,
      },
      ...others,
    ];
  }

  /** The Note, and an activity about it. */
  const about = (ctx: Context<void>, row: PublicCommentRow, mentioned: MentionedActor[], kind: string) => {
    const note = noteOf(ctx, row, mentioned);
    return { note, ...activityAbout(note, kind) };
  };

  /**
   * Sends a comment `created` as `Create(Note)`, or `updated` as `Update(Note)`, when anyone may read
   * it. Called once it has committed; one mentioning people elsewhere is sent by a job once they are
   * looked up (`lookedUp`): their servers may be slow.
   */
  async function announce(change: 'created' | 'updated', id: number, lookedUp = false) {
    const row = await findPublicComment(db, id);
    if (!row) return;
    const accounts = mentionedAccounts(row.content);
    if (!lookedUp && (await mentions.later({ of: 'comments', id, change, accounts }))) return;
    const mentioned = await mentions.known(accounts);
    await send(
      row.authorId,
      change === 'created' ? 'a new comment' : 'an edited comment',
      (ctx) => {
        if (change === 'created') {
          const { note, ...activity } = about(ctx, row, mentioned, 'creates');
          return new Create({ ...activity, published: note.published, object: note });
        }
        const { note, ...activity } = about(ctx, row, mentioned, 'updates');
        return new Update({ ...activity, updated: note.updated ?? instantNow(), object: note });
      },
      namedInboxes(row, mentioned),
    );
  }

  return {
    /** The Note of our comment `id` while anyone may read it, else null (404). */
    async read(ctx: Context<void>, id: number) {
      const row = await findPublicComment(db, id);
      return row && noteOf(ctx, row, await mentionedIn(row));
    },

    /** Sends a new comment as `Create(Note)`, when anyone may read it. Called once it has committed. */
    announceCreation: (id: number) => announce('created', id),

    /** Sends an edited comment as `Update(Note)`, when anyone may still read it. */
    announceUpdate: (id: number) => announce('updated', id),

    /** Sends what a job held back until the people elsewhere the comment mentions were looked up. */
    announceLookedUp: (change: 'created' | 'updated', id: number) => announce(change, id, true),

    /**
     * What a deletion (or a moderator's hiding) of comment `id` withdraws, read in its transaction
     * before the comment goes: null when no one elsewhere could read it.
     */
    withdrawalOf: (tx: Database, id: number) => findPublicComment(tx, id),

    /** Sends `Delete` with a `Tombstone` of the Note: other servers drop their copy. */
    async announceDeletion(row: PublicCommentRow) {
      const mentioned = await mentionedIn(row);
      await send(
        row.authorId,
        'a deleted comment',
        (ctx) => {
          const { note, ...activity } = about(ctx, row, mentioned, 'deletes');
          return new Delete({
            ...activity,
            object: new Tombstone({ id: note.id, deleted: instantNow() }),
          });
        },
        namedInboxes(row, mentioned),
      );
    },
  };
}
export type CommentNotes = ReturnType<typeof createCommentNotes>;

import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { shownTo } from '../../db/block-state.js';
import type { Database } from '../../db/client.js';
import { comments, posts, remoteActors, users } from '../../db/schema/index.js';
import { commentVisibleTo, NOBODY } from '../../db/visibility.js';

const postAuthors = alias(users, 'post_author');
const answered = alias(comments, 'answered');
const answeredActors = alias(remoteActors, 'answered_actor');

/**
 * A comment from here that anyone may read as a `Note`, with what it answers (the comment named by
 * `in_reply_to_id`, else its thread's; none for a comment on the post), or null: deleted, hidden, on a
 * post no one may read, under a thread no one may read, or by a person (or on a post of one) whose actor
 * is not shown. One statement.
 */
export async function findPublicComment(db: Database, id: number) {
  const [row] = await db
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: sql<number>`${comments.authorId}`,
      content: comments.content,
      createdAt: comments.createdAt,
      editedAt: comments.editedAt,
      answeredId: answered.id,
      answeredUri: answered.remoteUri,
      answeredActorUri: answeredActors.uri,
      answeredHandle: answeredActors.handle,
      answeredInboxUrl: answeredActors.inboxUrl,
      answeredSharedInboxUrl: answeredActors.sharedInboxUrl,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(users, eq(users.id, comments.authorId))
    .innerJoin(postAuthors, eq(postAuthors.id, posts.authorId))
    .leftJoin(answered, eq(answered.id, sql`coalesce(${comments.inReplyToId}, ${comments.parentCommentId})`))
    .leftJoin(answeredActors, eq(answeredActors.id, answered.remoteActorId))
    .where(
      and(
        eq(comments.id, id),
        isNull(comments.deletedAt),
        commentVisibleTo(NOBODY),
        eq(users.showProfileToVisitors, true),
        eq(postAuthors.showProfileToVisitors, true),
        // A reply under a thread's comment that no one may read is not shown either.
        sql`not exists (select 1 from ${comments} thread where thread.id = ${comments.parentCommentId}
          and (thread.hidden_at is not null
            or not ${shownTo(NOBODY, sql.raw('thread.author_id'), { muted: false })}))`,
      ),
    );
  return row ?? null;
}
export type PublicCommentRow = NonNullable<Awaited<ReturnType<typeof findPublicComment>>>;

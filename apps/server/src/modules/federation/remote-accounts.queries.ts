import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import {
  remoteActors,
  remoteFollowers,
  remoteFollows,
  remotePostReactions,
  remotePosts,
} from '../../db/schema/index.js';
import { forgetPartsAfterCommit } from '../../db/shared-pages.js';
import type { RemoteActorInput } from './federation.queries.js';

/**
 * Their `Update(Person)`: the record of someone who already did something here takes their new name,
 * handle, picture and profile page (and their follows the handle); nobody new is recorded.
 */
export async function refreshRemoteActor(db: Database, actor: RemoteActorInput) {
  await db
    .update(remoteActors)
    .set({
      handle: actor.handle,
      name: actor.name,
      iconUrl: actor.iconUrl,
      profileUrl: actor.profileUrl,
      updatedAt: sql`now()`,
    })
    .where(eq(remoteActors.uri, actor.uri));
  await db
    .update(remoteFollowers)
    .set({ handle: actor.handle })
    .where(eq(remoteFollowers.actorUri, actor.uri));
}

/**
 * Their `Delete(Person)`: their likes and shares (the counts' triggers take them off the posts), their
 * follows of people here, people's follows of them, and their posts in Following feeds (with the likes
 * and replies made here, which follow the posts) go. Their comments are deleted by the caller, one by
 * one as any.
 */
export async function deleteRemoteActorTraces(db: Database, actorUri: string) {
  const result = (await db.execute(sql`with gone as (select id from ${remoteActors} where uri = ${actorUri}),
    gone_reactions as (delete from ${remotePostReactions} where remote_actor_id in (select id from gone)
      returning post_id),
    gone_posts as (delete from ${remotePosts} where remote_actor_id in (select id from gone)),
    gone_follows as (delete from ${remoteFollows} where remote_actor_id in (select id from gone)),
    gone_followers as (delete from ${remoteFollowers} where ${remoteFollowers.actorUri} = ${actorUri})
    select distinct post_id from gone_reactions`)) as unknown as { rows: { post_id: number }[] };
  await forgetPartsAfterCommit(db, { posts: result.rows.map((row) => row.post_id) });
}

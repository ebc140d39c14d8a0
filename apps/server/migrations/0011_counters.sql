ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Likes, comments, followers, following and posts counts are read with every post and profile; counting
-- them per read cost most of a feed request's database time (bench/RESULTS.md). Statement triggers keep
-- them, in the same transaction as the change, whatever path makes it (cascading deletes included);
-- `npm run db:repair-counters` recomputes them. Keys of these rows are never updated, so INSERT and
-- DELETE are all there is to follow.
CREATE FUNCTION "count_post_likes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET likes_count = likes_count + d.n
    FROM (SELECT post_id, count(*) AS n FROM new_rows GROUP BY post_id) d WHERE posts.id = d.post_id;
  ELSE
    UPDATE posts SET likes_count = likes_count - d.n
    FROM (SELECT post_id, count(*) AS n FROM old_rows GROUP BY post_id) d WHERE posts.id = d.post_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET comments_count = comments_count + d.n
    FROM (SELECT post_id, count(*) AS n FROM new_rows GROUP BY post_id) d WHERE posts.id = d.post_id;
  ELSE
    UPDATE posts SET comments_count = comments_count - d.n
    FROM (SELECT post_id, count(*) AS n FROM old_rows GROUP BY post_id) d WHERE posts.id = d.post_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_posts_of_authors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET posts_count = posts_count + d.n
    FROM (SELECT author_id, count(*) AS n FROM new_rows GROUP BY author_id) d WHERE users.id = d.author_id;
  ELSE
    UPDATE users SET posts_count = posts_count - d.n
    FROM (SELECT author_id, count(*) AS n FROM old_rows GROUP BY author_id) d WHERE users.id = d.author_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- A follow counts once on each side: among the followed user's followers and the follower's following.
-- Both sides' rows are locked first, in id order: A following B while B follows A would otherwise lock
-- A then B in one transaction and B then A in the other, and deadlock.
CREATE FUNCTION "count_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM users WHERE id IN (SELECT followed_id FROM new_rows UNION SELECT follower_id FROM new_rows)
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE users SET followers_count = followers_count + d.n
    FROM (SELECT followed_id, count(*) AS n FROM new_rows GROUP BY followed_id) d WHERE users.id = d.followed_id;
    UPDATE users SET following_count = following_count + d.n
    FROM (SELECT follower_id, count(*) AS n FROM new_rows GROUP BY follower_id) d WHERE users.id = d.follower_id;
  ELSE
    PERFORM 1 FROM users WHERE id IN (SELECT followed_id FROM old_rows UNION SELECT follower_id FROM old_rows)
      ORDER BY id FOR NO KEY UPDATE;
    UPDATE users SET followers_count = followers_count - d.n
    FROM (SELECT followed_id, count(*) AS n FROM old_rows GROUP BY followed_id) d WHERE users.id = d.followed_id;
    UPDATE users SET following_count = following_count - d.n
    FROM (SELECT follower_id, count(*) AS n FROM old_rows GROUP BY follower_id) d WHERE users.id = d.follower_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_count_insert" AFTER INSERT ON "post_likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_post_likes();--> statement-breakpoint
CREATE TRIGGER "post_likes_count_delete" AFTER DELETE ON "post_likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_post_likes();--> statement-breakpoint
CREATE TRIGGER "comments_count_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_comments();--> statement-breakpoint
CREATE TRIGGER "comments_count_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_comments();--> statement-breakpoint
CREATE TRIGGER "posts_of_authors_count_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_posts_of_authors();--> statement-breakpoint
CREATE TRIGGER "posts_of_authors_count_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_posts_of_authors();--> statement-breakpoint
CREATE TRIGGER "follows_count_insert" AFTER INSERT ON "follows" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_follows();--> statement-breakpoint
CREATE TRIGGER "follows_count_delete" AFTER DELETE ON "follows" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_follows();--> statement-breakpoint
UPDATE "posts" SET
  "likes_count" = (SELECT count(*) FROM "post_likes" WHERE "post_likes"."post_id" = "posts"."id"),
  "comments_count" = (SELECT count(*) FROM "comments" WHERE "comments"."post_id" = "posts"."id");--> statement-breakpoint
UPDATE "users" SET
  "followers_count" = (SELECT count(*) FROM "follows" WHERE "follows"."followed_id" = "users"."id"),
  "following_count" = (SELECT count(*) FROM "follows" WHERE "follows"."follower_id" = "users"."id"),
  "posts_count" = (SELECT count(*) FROM "posts" WHERE "posts"."author_id" = "users"."id");

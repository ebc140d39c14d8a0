-- Scheduled posts: a post may wait, unpublished (published_at null), for its publish_at; no count includes it
-- until its job publishes it, when created_at becomes that moment. Posts already here count as published.
ALTER TABLE "posts" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "posts_scheduled_author_idx" ON "posts" USING btree ("author_id","publish_at","id") WHERE "posts"."published_at" is null;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "count_posts_of_authors"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE users SET posts_count = posts_count + d.n
    FROM (SELECT author_id, count(*) AS n FROM new_rows WHERE published_at IS NOT NULL GROUP BY author_id) d
    WHERE users.id = d.author_id;
  ELSE
    UPDATE users SET posts_count = posts_count - d.n
    FROM (SELECT author_id, count(*) AS n FROM old_rows WHERE published_at IS NOT NULL GROUP BY author_id) d
    WHERE users.id = d.author_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_published_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE row_counts SET count = count + (SELECT count(*) FROM new_rows WHERE published_at IS NOT NULL)
      WHERE table_name = 'posts';
  ELSE
    UPDATE row_counts SET count = count - (SELECT count(*) FROM old_rows WHERE published_at IS NOT NULL)
      WHERE table_name = 'posts';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "posts_count_insert" ON "posts";--> statement-breakpoint
DROP TRIGGER "posts_count_delete" ON "posts";--> statement-breakpoint
CREATE TRIGGER "posts_count_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_published_posts();--> statement-breakpoint
CREATE TRIGGER "posts_count_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_published_posts();--> statement-breakpoint
-- A scheduled post's publication: one row at a time, so a row trigger.
CREATE FUNCTION "count_post_publication"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET count = count + 1 WHERE table_name = 'posts';
  UPDATE users SET posts_count = posts_count + 1 WHERE id = NEW.author_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_publication_count" AFTER UPDATE OF "published_at" ON "posts"
  FOR EACH ROW WHEN (OLD.published_at IS NULL AND NEW.published_at IS NOT NULL)
  EXECUTE FUNCTION count_post_publication();

ALTER TABLE "post_tags" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "post_tags" SET "created_at" = "posts"."created_at" FROM "posts" WHERE "posts"."id" = "post_tags"."post_id";
--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);
--> statement-breakpoint
-- A link carries its post's `created_at`, so that a tag's newest posts are read down one index: copied
-- when the link is written, and again when the post's own changes (a scheduled post is dated when it is
-- published).
CREATE FUNCTION "date_post_tag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.created_at := (SELECT created_at FROM posts WHERE id = NEW.post_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_tags_dated" BEFORE INSERT ON "post_tags"
  FOR EACH ROW EXECUTE FUNCTION date_post_tag();--> statement-breakpoint
CREATE FUNCTION "redate_post_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_tags SET created_at = NEW.created_at WHERE post_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_redate_tags" AFTER UPDATE OF created_at ON "posts"
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION redate_post_tags();

-- Threaded replies (parent_comment_id, one level deep), comment likes, and comments deleted while they had
-- replies kept for their thread (deleted_at); the post's kept count leaves those out from then on.
CREATE TABLE "comment_likes" (
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "parent_comment_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comment_likes_user_idx" ON "comment_likes" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_parent_comment_id_comments_id_fk" FOREIGN KEY ("parent_comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_parent_created_at_idx" ON "comments" USING btree ("parent_comment_id","created_at","id") WHERE "comments"."parent_comment_id" is not null;--> statement-breakpoint
-- The count of migration 0011 counts what is shown: a comment kept for its thread stops counting when it is
-- marked deleted, and is not counted off again when its row finally goes.
CREATE OR REPLACE FUNCTION "count_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET comments_count = comments_count + d.n
    FROM (SELECT post_id, count(*) AS n FROM new_rows GROUP BY post_id) d WHERE posts.id = d.post_id;
  ELSE
    UPDATE posts SET comments_count = comments_count - d.n
    FROM (SELECT post_id, count(*) AS n FROM old_rows WHERE deleted_at IS NULL GROUP BY post_id) d
    WHERE posts.id = d.post_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "count_deleted_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE posts SET comments_count = comments_count - 1 WHERE id = NEW.post_id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "comments_count_mark_deleted" AFTER UPDATE OF "deleted_at" ON "comments"
  FOR EACH ROW WHEN (OLD.deleted_at IS NULL AND NEW.deleted_at IS NOT NULL)
  EXECUTE FUNCTION count_deleted_comment();

CREATE TABLE "study_group_post_media" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_group_post_media_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"post_id" integer NOT NULL,
	"type" text NOT NULL,
	"file_key" text NOT NULL,
	"thumbnail_key" text,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"duration_seconds" real,
	"alt_text" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_group_post_media" ADD CONSTRAINT "study_group_post_media_post_id_study_group_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."study_group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_group_post_media_post_position_idx" ON "study_group_post_media" USING btree ("post_id","position");--> statement-breakpoint
-- However a group's post goes (deleted, removed by a moderator, or with its group, plan or author), its
-- files are left for the file sweep to remove.
CREATE FUNCTION forget_group_post_media() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO pending_file_deletes (key)
  SELECT k.key FROM old_rows, unnest(ARRAY[old_rows.file_key, old_rows.thumbnail_key]) AS k(key)
  WHERE k.key IS NOT NULL
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "study_group_post_media_forget" AFTER DELETE ON "study_group_post_media"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION forget_group_post_media();

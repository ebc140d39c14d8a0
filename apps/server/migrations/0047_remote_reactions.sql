-- Federation: people of other servers who liked or shared (Announce) a post, counted into the post.
CREATE TABLE "remote_actors" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_actors_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uri" text NOT NULL,
	"handle" text NOT NULL,
	"name" text,
	"icon_url" text,
	"profile_url" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_actors_uri_key" UNIQUE("uri")
);
--> statement-breakpoint
CREATE TABLE "remote_post_reactions" (
	"post_id" integer NOT NULL,
	"remote_actor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_post_reactions_post_id_remote_actor_id_kind_pk" PRIMARY KEY("post_id","remote_actor_id","kind")
);
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "shares_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "remote_post_reactions" ADD CONSTRAINT "remote_post_reactions_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_post_reactions" ADD CONSTRAINT "remote_post_reactions_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_post_reactions_actor_idx" ON "remote_post_reactions" USING btree ("remote_actor_id","activity_id");--> statement-breakpoint
-- Remote likes count with the likes of people here; shares are remote Announces alone. As in 0011,
-- statement triggers keep both, cascading deletes included; rows are never updated.
CREATE FUNCTION "count_remote_post_reactions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE posts SET likes_count = likes_count + d.likes, shares_count = shares_count + d.shares
    FROM (SELECT post_id, count(*) FILTER (WHERE kind = 'LIKE') AS likes,
      count(*) FILTER (WHERE kind = 'ANNOUNCE') AS shares FROM new_rows GROUP BY post_id) d
    WHERE posts.id = d.post_id;
  ELSE
    UPDATE posts SET likes_count = likes_count - d.likes, shares_count = shares_count - d.shares
    FROM (SELECT post_id, count(*) FILTER (WHERE kind = 'LIKE') AS likes,
      count(*) FILTER (WHERE kind = 'ANNOUNCE') AS shares FROM old_rows GROUP BY post_id) d
    WHERE posts.id = d.post_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "remote_post_reactions_count_insert" AFTER INSERT ON "remote_post_reactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_remote_post_reactions();--> statement-breakpoint
CREATE TRIGGER "remote_post_reactions_count_delete" AFTER DELETE ON "remote_post_reactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_remote_post_reactions();

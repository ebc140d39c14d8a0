ALTER TABLE "comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "remote_actor_id" integer;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "remote_uri" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_remote_actor_idx" ON "comments" USING btree ("remote_actor_id") WHERE "comments"."remote_actor_id" is not null;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_remote_uri_key" UNIQUE("remote_uri");--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_one_author" CHECK (num_nonnulls("comments"."author_id", "comments"."remote_actor_id") = 1);
CREATE TABLE "remote_follows" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_follows_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"follower_id" integer NOT NULL,
	"remote_actor_id" integer NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"follow_id" text NOT NULL,
	"inbox_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remote_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote_actor_id" integer NOT NULL,
	"uri" text NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"summary" text,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_follows" ADD CONSTRAINT "remote_follows_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_posts" ADD CONSTRAINT "remote_posts_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "remote_follows_follower_actor_key" ON "remote_follows" USING btree ("follower_id","remote_actor_id");--> statement-breakpoint
CREATE INDEX "remote_follows_actor_idx" ON "remote_follows" USING btree ("remote_actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_follows_follow_id_key" ON "remote_follows" USING btree ("follow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_posts_uri_key" ON "remote_posts" USING btree ("uri");--> statement-breakpoint
CREATE INDEX "remote_posts_actor_published_idx" ON "remote_posts" USING btree ("remote_actor_id","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);
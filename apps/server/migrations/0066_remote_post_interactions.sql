CREATE TABLE "remote_post_likes" (
	"user_id" integer NOT NULL,
	"remote_post_id" integer NOT NULL,
	"activity_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_post_likes_user_id_remote_post_id_pk" PRIMARY KEY("user_id","remote_post_id")
);
--> statement-breakpoint
CREATE TABLE "remote_post_replies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_post_replies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote_post_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_post_likes" ADD CONSTRAINT "remote_post_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_post_likes" ADD CONSTRAINT "remote_post_likes_remote_post_id_remote_posts_id_fk" FOREIGN KEY ("remote_post_id") REFERENCES "public"."remote_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_post_replies" ADD CONSTRAINT "remote_post_replies_remote_post_id_remote_posts_id_fk" FOREIGN KEY ("remote_post_id") REFERENCES "public"."remote_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_post_replies" ADD CONSTRAINT "remote_post_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_post_likes_post_idx" ON "remote_post_likes" USING btree ("remote_post_id");--> statement-breakpoint
CREATE INDEX "remote_post_replies_post_author_idx" ON "remote_post_replies" USING btree ("remote_post_id","author_id","created_at");--> statement-breakpoint
CREATE INDEX "remote_post_replies_author_idx" ON "remote_post_replies" USING btree ("author_id");
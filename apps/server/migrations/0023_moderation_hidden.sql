ALTER TABLE "learning_plans" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
CREATE INDEX "learning_plans_hidden_creator_idx" ON "learning_plans" USING btree ("creator_id") WHERE "learning_plans"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "comments_hidden_post_idx" ON "comments" USING btree ("post_id") WHERE "comments"."hidden_at" is not null;--> statement-breakpoint
CREATE INDEX "posts_hidden_author_idx" ON "posts" USING btree ("author_id") WHERE "posts"."hidden_at" is not null;
-- Lists read newest first with ORDER BY … DESC, which puts nulls first. These indexes were DESC NULLS LAST,
-- an order no query asks for, so PostgreSQL read each list whole and sorted it (a full sort of the posts for
-- every feed page). Rebuilt in the order the queries read, with the id tiebreaker they sort by.
DROP INDEX "activities_user_occurred_at_idx";--> statement-breakpoint
DROP INDEX "activities_user_type_occurred_at_idx";--> statement-breakpoint
DROP INDEX "follows_followed_created_at_idx";--> statement-breakpoint
DROP INDEX "follows_follower_created_at_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_created_at_idx";--> statement-breakpoint
DROP INDEX "learning_plans_public_created_at_idx";--> statement-breakpoint
DROP INDEX "learning_plans_creator_created_at_idx";--> statement-breakpoint
DROP INDEX "comments_post_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_id_idx";--> statement-breakpoint
DROP INDEX "posts_author_created_at_idx";--> statement-breakpoint
CREATE INDEX "activities_user_occurred_at_idx" ON "activities" USING btree ("user_id","occurred_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "activities_user_type_occurred_at_idx" ON "activities" USING btree ("user_id","type","occurred_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_followed_created_at_idx" ON "follows" USING btree ("followed_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_follower_created_at_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_at_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "learning_plans_public_created_at_idx" ON "learning_plans" USING btree ("is_public","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "learning_plans_creator_created_at_idx" ON "learning_plans" USING btree ("creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_post_created_at_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_created_at_id_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_author_created_at_idx" ON "posts" USING btree ("author_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
-- Explore (docs/features.md, "Explore") ranks what happened lately: the last days' likes, comments and saves
-- of posts, the copies of plans made lately and this month's progress on plans, each read by date off
-- these indexes instead of a scan of the table.
CREATE INDEX "activities_occurred_at_plan_idx" ON "activities" USING btree ("occurred_at","plan_id","user_id") WHERE "activities"."plan_id" is not null;--> statement-breakpoint
CREATE INDEX "learning_plans_copied_created_at_idx" ON "learning_plans" USING btree ("created_at","based_on_plan_id","creator_id") WHERE "learning_plans"."based_on_plan_id" is not null;--> statement-breakpoint
CREATE INDEX "comments_created_at_idx" ON "comments" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "post_likes_created_at_idx" ON "post_likes" USING btree ("created_at","post_id");--> statement-breakpoint
CREATE INDEX "saved_posts_created_at_idx" ON "saved_posts" USING btree ("created_at","post_id");
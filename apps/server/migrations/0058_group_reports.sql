DROP INDEX "reports_one_open_per_reporter_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "group_post_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_group_post_id_study_group_posts_id_fk" FOREIGN KEY ("group_post_id") REFERENCES "public"."study_group_posts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_group_id_idx" ON "reports" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "reports_group_post_id_idx" ON "reports" USING btree ("group_post_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_idx" ON "reports" USING btree ("reporter_id","target_type",coalesce("post_id", "comment_id", "plan_id", "reported_user_id", "group_id", "group_post_id")) WHERE "reports"."status" = 'OPEN';
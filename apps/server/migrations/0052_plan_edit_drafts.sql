ALTER TABLE "drafts" ADD COLUMN "plan_id" integer;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_plan_id_learning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "drafts_plan_user_idx" ON "drafts" USING btree ("plan_id","user_id");--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_plan_kind_check" CHECK ("drafts"."plan_id" is null or "drafts"."kind" = 'PLAN');
CREATE TABLE "study_group_check_ins" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_check_ins_group_id_user_id_week_pk" PRIMARY KEY("group_id","user_id","week")
);
--> statement-breakpoint
CREATE TABLE "study_group_topics_done" (
	"user_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_topics_done_user_id_topic_id_pk" PRIMARY KEY("user_id","topic_id")
);
--> statement-breakpoint
ALTER TABLE "study_group_check_ins" ADD CONSTRAINT "study_group_check_ins_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_check_ins" ADD CONSTRAINT "study_group_check_ins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_topics_done" ADD CONSTRAINT "study_group_topics_done_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_topics_done" ADD CONSTRAINT "study_group_topics_done_topic_id_plan_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."plan_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_topics_done" ADD CONSTRAINT "study_group_topics_done_plan_id_learning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_group_check_ins_user_idx" ON "study_group_check_ins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "study_group_topics_done_plan_idx" ON "study_group_topics_done" USING btree ("plan_id","done_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_group_topics_done_topic_idx" ON "study_group_topics_done" USING btree ("topic_id");
CREATE TABLE "study_group_removals" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"removed_by" integer,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_removals_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "study_group_removals" ADD CONSTRAINT "study_group_removals_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_removals" ADD CONSTRAINT "study_group_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_removals" ADD CONSTRAINT "study_group_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_group_removals_group_removed_idx" ON "study_group_removals" USING btree ("group_id","removed_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_group_removals_user_idx" ON "study_group_removals" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "study_group_removals_removed_by_idx" ON "study_group_removals" USING btree ("removed_by");
-- Study groups on a shared plan: the groups (invite-only or not, invite token, pace), their members
-- and their members-only discussion.
CREATE TABLE "study_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text DEFAULT 'MEMBER' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "study_group_posts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_group_posts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"group_id" integer NOT NULL,
	"author_id" integer NOT NULL,
	"parent_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "study_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "study_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"plan_id" integer NOT NULL,
	"founder_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"invite_only" boolean DEFAULT false NOT NULL,
	"invite_token" text,
	"start_date" date,
	"topics_per_week" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "study_group_members" ADD CONSTRAINT "study_group_members_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_members" ADD CONSTRAINT "study_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_posts" ADD CONSTRAINT "study_group_posts_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_posts" ADD CONSTRAINT "study_group_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_group_posts" ADD CONSTRAINT "study_group_posts_parent_id_study_group_posts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."study_group_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_groups" ADD CONSTRAINT "study_groups_plan_id_learning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_groups" ADD CONSTRAINT "study_groups_founder_id_users_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "study_group_members_user_joined_idx" ON "study_group_members" USING btree ("user_id","joined_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "study_group_members_group_joined_idx" ON "study_group_members" USING btree ("group_id","joined_at");--> statement-breakpoint
CREATE INDEX "study_group_posts_group_created_idx" ON "study_group_posts" USING btree ("group_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "study_group_posts"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "study_group_posts_parent_idx" ON "study_group_posts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "study_group_posts_author_idx" ON "study_group_posts" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "study_groups_plan_idx" ON "study_groups" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "study_groups_founder_idx" ON "study_groups" USING btree ("founder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "study_groups_invite_token_idx" ON "study_groups" USING btree ("invite_token") WHERE "study_groups"."invite_token" is not null;
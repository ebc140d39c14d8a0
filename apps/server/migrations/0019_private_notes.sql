CREATE TABLE "notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"resource_id" integer,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace("notes"."content", '^[ \t]{0,3}(`{3,}|~{3,}).*$', '', 'gn'), '^[ \t]{0,3}\[[^]\n]+\]:.*$', '', 'gn'), '(!?\[[^]\n]*\])\([^)\n]*\)', '\1', 'g'), '[*~`\[\]]+', '', 'g'), '(?<![[:alnum:]])_+|_+(?![[:alnum:]])', '', 'g'), '')) || to_tsvector('simple', coalesce(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace("notes"."content", '^[ \t]{0,3}(`{3,}|~{3,}).*$', '', 'gn'), '^[ \t]{0,3}\[[^]\n]+\]:.*$', '', 'gn'), '(!?\[[^]\n]*\])\([^)\n]*\)', '\1', 'g'), '[*~`\[\]]+', '', 'g'), '(?<![[:alnum:]])_+|_+(?![[:alnum:]])', '', 'g'), '')), 'A')) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_plan_id_learning_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_topic_id_plan_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."plan_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_resource_id_plan_resources_id_fk" FOREIGN KEY ("resource_id") REFERENCES "public"."plan_resources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_user_topic_idx" ON "notes" USING btree ("user_id","topic_id") WHERE "notes"."resource_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "notes_user_resource_idx" ON "notes" USING btree ("user_id","resource_id") WHERE "notes"."resource_id" is not null;--> statement-breakpoint
CREATE INDEX "notes_user_plan_idx" ON "notes" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE INDEX "notes_plan_idx" ON "notes" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "notes_topic_idx" ON "notes" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "notes_resource_idx" ON "notes" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "notes_search_idx" ON "notes" USING gin ("search_vector") WITH (fastupdate=false);
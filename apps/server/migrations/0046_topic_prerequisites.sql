-- Topic prerequisites: topics of the same plan to learn first, gone with either topic.
CREATE TABLE "topic_prerequisites" (
	"topic_id" integer NOT NULL,
	"prerequisite_id" integer NOT NULL,
	CONSTRAINT "topic_prerequisites_topic_id_prerequisite_id_pk" PRIMARY KEY("topic_id","prerequisite_id")
);
--> statement-breakpoint
ALTER TABLE "topic_prerequisites" ADD CONSTRAINT "topic_prerequisites_topic_id_plan_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."plan_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_prerequisites" ADD CONSTRAINT "topic_prerequisites_prerequisite_id_plan_topics_id_fk" FOREIGN KEY ("prerequisite_id") REFERENCES "public"."plan_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_prerequisites_prerequisite_idx" ON "topic_prerequisites" USING btree ("prerequisite_id");
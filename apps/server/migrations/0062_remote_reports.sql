CREATE TABLE "instance_actor_keys" (
	"algorithm" text PRIMARY KEY NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "reports_one_open_per_reporter_idx";--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "remote_actor_id" integer;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "from_server" text;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "forwarded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_remote_actor_id_idx" ON "reports" USING btree ("remote_actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_one_open_per_reporter_idx" ON "reports" USING btree ("reporter_id","target_type",coalesce("post_id", "comment_id", "plan_id", "reported_user_id", "group_id", "group_post_id", "remote_actor_id")) WHERE "reports"."status" = 'OPEN';
ALTER TABLE "comments" ADD COLUMN "in_reply_to_id" integer;--> statement-breakpoint
ALTER TABLE "remote_actors" ADD COLUMN "inbox_url" text;--> statement-breakpoint
ALTER TABLE "remote_actors" ADD COLUMN "shared_inbox_url" text;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_in_reply_to_id_comments_id_fk" FOREIGN KEY ("in_reply_to_id") REFERENCES "public"."comments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "comments_in_reply_to_idx" ON "comments" USING btree ("in_reply_to_id") WHERE "comments"."in_reply_to_id" is not null;
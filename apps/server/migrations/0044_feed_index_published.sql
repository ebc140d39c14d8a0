-- The feed's covering index carries the published mark too, so hiding scheduled posts keeps it index-only.
DROP INDEX "posts_created_at_id_idx";--> statement-breakpoint
CREATE INDEX "posts_created_at_id_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"author_id","hidden_at","published_at");
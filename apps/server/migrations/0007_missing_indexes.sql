CREATE INDEX "activities_topic_idx" ON "activities" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "activities_resource_idx" ON "activities" USING btree ("resource_id");--> statement-breakpoint
CREATE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("recipient_id","entity_type","entity_id","type","actor_id");
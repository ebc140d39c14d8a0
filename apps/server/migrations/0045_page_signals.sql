-- Each server process keeps the first pages of Latest posts and of public plans built (db/shared-pages.ts);
-- a change to what they show (a post or plan written, published, edited, hidden, unhidden or deleted; an
-- author renamed or given a new picture) tells every process at commit, by whichever process or by hand.
-- Counts are not signalled: each request reads them fresh. Suspensions and deleted accounts arrive on
-- `pathwise_sessions` (0028).
CREATE FUNCTION "signal_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pathwise_pages', TG_TABLE_NAME);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_page_change" AFTER INSERT OR DELETE OR UPDATE OF "title", "content", "category",
  "learning_progress_percent", "updated_at", "hidden_at", "hidden_reason", "edited_at", "cover_media_id",
  "published_at" ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "users_page_change" AFTER UPDATE OF "name", "profile_picture" ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name
    OR OLD.profile_picture IS DISTINCT FROM NEW.profile_picture)
  EXECUTE FUNCTION "signal_page_change"();
--> statement-breakpoint
CREATE TRIGGER "learning_plans_page_change" AFTER INSERT OR DELETE OR UPDATE OF "title", "description",
  "category", "is_public", "estimated_days", "start_date", "target_completion_date", "updated_at",
  "based_on_plan_id", "based_on_title", "hidden_at", "hidden_reason" ON "learning_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "plan_topics_page_change" AFTER INSERT OR DELETE OR UPDATE ON "plan_topics"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "plan_resources_page_change" AFTER INSERT OR DELETE OR UPDATE ON "plan_resources"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "plan_tags_page_change" AFTER INSERT OR DELETE OR UPDATE ON "plan_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "post_tags_page_change" AFTER INSERT OR DELETE OR UPDATE ON "post_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();--> statement-breakpoint
CREATE TRIGGER "post_media_page_change" AFTER INSERT OR DELETE OR UPDATE ON "post_media"
  FOR EACH STATEMENT EXECUTE FUNCTION "signal_page_change"();

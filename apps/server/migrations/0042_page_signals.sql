-- Each server process keeps the first page of Latest posts built (db/shared-pages.ts); a change to what it
-- shows (a post written, published, edited, hidden, unhidden or deleted; an author renamed or given a new
-- picture) tells every process at commit, by whichever process or by hand. Counts are not signalled: each
-- request reads them fresh. Suspensions and deleted accounts arrive on `pathwise_sessions` (0028).
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

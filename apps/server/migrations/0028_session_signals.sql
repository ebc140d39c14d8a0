-- Each server process keeps the users it checked tokens of for a while (db/session-cache.ts). Whatever
-- changes what a token of a user is worth (a new token version: signing out everywhere, a new
-- password, a suspension; an unsuspension; the account deleted), by whichever process or by hand,
-- tells every process at commit, which forget that user.
CREATE FUNCTION "signal_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('pathwise_sessions', OLD.id::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_session_change" AFTER UPDATE OF "token_version", "suspended_at" ON "users"
  FOR EACH ROW WHEN (OLD.token_version IS DISTINCT FROM NEW.token_version
    OR OLD.suspended_at IS DISTINCT FROM NEW.suspended_at)
  EXECUTE FUNCTION "signal_session_change"();--> statement-breakpoint
CREATE TRIGGER "users_session_end" AFTER DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "signal_session_change"();

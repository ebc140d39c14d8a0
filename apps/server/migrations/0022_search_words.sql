-- Each word of each post's search document, in a B-tree: a broad prefix ('typesc', one post in eight) is then
-- a range read in order that stops after the posts a search ranks, where the GIN index collects every match
-- first (bench/RESULTS.md, "the worst search, from a words B-tree"). The key is built after the backfill: one
-- sort instead of an insertion per word.
CREATE TABLE "post_search_words" (
	"word" text COLLATE "C" NOT NULL,
	"post_id" integer NOT NULL
);--> statement-breakpoint
INSERT INTO "post_search_words" ("word", "post_id")
  SELECT word, id FROM "posts", unnest(tsvector_to_array(search_vector)) AS word;--> statement-breakpoint
ALTER TABLE "post_search_words" ADD CONSTRAINT "post_search_words_word_post_id_pk" PRIMARY KEY("word","post_id");--> statement-breakpoint
-- New and deleted posts, a statement at a time (a seed inserts thousands; deleting a person deletes
-- their posts): rows are found by their words, through the key.
CREATE FUNCTION "keep_post_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO post_search_words (word, post_id)
      SELECT word, id FROM new_rows, unnest(tsvector_to_array(search_vector)) AS word;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM post_search_words AS kept
      USING old_rows, unnest(tsvector_to_array(old_rows.search_vector)) AS gone (word)
      WHERE kept.word = gone.word AND kept.post_id = old_rows.id;
  ELSE
    TRUNCATE post_search_words;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_words_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_post_search_words();--> statement-breakpoint
CREATE TRIGGER "posts_search_words_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION keep_post_search_words();--> statement-breakpoint
CREATE TRIGGER "posts_search_words_truncate" AFTER TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION keep_post_search_words();--> statement-breakpoint
-- An edited post: only the words that changed. Row by row, and only when the title or the content is
-- set and the document changed, so that the counters kept on posts (a like, a comment) cost nothing here.
CREATE FUNCTION "keep_edited_post_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM post_search_words
    WHERE post_id = OLD.id AND word IN (SELECT unnest(tsvector_to_array(OLD.search_vector))
      EXCEPT SELECT unnest(tsvector_to_array(NEW.search_vector)));
  INSERT INTO post_search_words (word, post_id)
    SELECT word, NEW.id FROM (SELECT unnest(tsvector_to_array(NEW.search_vector))
      EXCEPT SELECT unnest(tsvector_to_array(OLD.search_vector))) AS added (word);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_words_update" AFTER UPDATE OF "title", "content" ON "posts"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION keep_edited_post_search_words();

-- Posts are searched from their GIN index again (posts_search_idx, migration 0003), and a word alone
-- from the newest posts first (search.queries.ts, `newestMatches`): the words' table, 48 rows and
-- 3.5 kB a post, and the triggers that kept it go. Triggers first, so no write fires one mid-way.
DROP TRIGGER IF EXISTS "posts_search_words_insert" ON "posts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "posts_search_words_delete" ON "posts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "posts_search_words_truncate" ON "posts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "posts_search_words_update" ON "posts";--> statement-breakpoint
DROP FUNCTION IF EXISTS "keep_post_search_words"();--> statement-breakpoint
DROP FUNCTION IF EXISTS "keep_edited_post_search_words"();--> statement-breakpoint
DROP TABLE "post_search_words";

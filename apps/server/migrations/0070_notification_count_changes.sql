CREATE TABLE "notification_count_changes" (
	"recipient_id" integer NOT NULL,
	"total" integer NOT NULL,
	"unread" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_count_changes_recipient_idx" ON "notification_count_changes" USING btree ("recipient_id");--> statement-breakpoint
-- Each statement's changes are appended, not added to `notification_counts` in place: an update there
-- held the recipient's row until the writing transaction ended, so transactions notifying the same person
-- queued one behind the other, and two notifying the same two people in opposite order deadlocked (a
-- reply and a comment, a fan-out batch). The notification job folds the changes in every minute.
CREATE OR REPLACE FUNCTION "count_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_count_changes (recipient_id, total, unread)
    SELECT recipient_id, count(*), count(*) FILTER (WHERE NOT is_read) FROM new_rows GROUP BY recipient_id;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO notification_count_changes (recipient_id, total, unread)
    SELECT recipient_id, -count(*), -count(*) FILTER (WHERE NOT is_read) FROM old_rows GROUP BY recipient_id;
  ELSE
    INSERT INTO notification_count_changes (recipient_id, total, unread)
    SELECT recipient_id, sum(n), sum(unread) FROM (
        SELECT recipient_id, 1 AS n, (NOT is_read)::int AS unread FROM new_rows
        UNION ALL SELECT recipient_id, -1, -(NOT is_read)::int FROM old_rows) changes
    GROUP BY recipient_id HAVING sum(n) <> 0 OR sum(unread) <> 0;
  END IF;
  RETURN NULL;
END $$;

CREATE TABLE "notification_counts" (
	"recipient_id" integer PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "notifications_post_idx";--> statement-breakpoint
DROP INDEX "notifications_comment_idx";--> statement-breakpoint
DROP INDEX "notifications_plan_idx";--> statement-breakpoint
DROP INDEX "notifications_actor_idx";--> statement-breakpoint
ALTER TABLE "notification_counts" ADD CONSTRAINT "notification_counts_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_post_recipient_idx" ON "notifications" USING btree ("post_id","recipient_id");--> statement-breakpoint
CREATE INDEX "notifications_comment_recipient_idx" ON "notifications" USING btree ("comment_id","recipient_id");--> statement-breakpoint
CREATE INDEX "notifications_plan_recipient_idx" ON "notifications" USING btree ("plan_id","recipient_id");--> statement-breakpoint
CREATE INDEX "notifications_actor_recipient_idx" ON "notifications" USING btree ("actor_id","recipient_id");--> statement-breakpoint
-- The list's total and the bell's unread count, kept per recipient in the same transaction as the change,
-- whatever path makes it (cascading deletes included); `npm run db:repair-counters` recomputes them. Rows
-- are locked in recipient order: a fan-out and a deletion touching the same people would otherwise deadlock.
-- Deletes only update: a recipient's own deletion removes their counts row by its foreign key.
CREATE FUNCTION "count_notifications"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO notification_counts AS c (recipient_id, total, unread)
    SELECT recipient_id, count(*), count(*) FILTER (WHERE NOT is_read)
    FROM new_rows GROUP BY recipient_id ORDER BY recipient_id
    ON CONFLICT (recipient_id) DO UPDATE
      SET total = c.total + excluded.total, unread = c.unread + excluded.unread;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM notification_counts WHERE recipient_id IN (SELECT recipient_id FROM old_rows)
      ORDER BY recipient_id FOR NO KEY UPDATE;
    UPDATE notification_counts c SET total = c.total - d.n, unread = c.unread - d.unread
    FROM (SELECT recipient_id, count(*) AS n, count(*) FILTER (WHERE NOT is_read) AS unread
      FROM old_rows GROUP BY recipient_id) d
    WHERE c.recipient_id = d.recipient_id;
  ELSE
    PERFORM 1 FROM notification_counts
      WHERE recipient_id IN (SELECT recipient_id FROM old_rows UNION SELECT recipient_id FROM new_rows)
      ORDER BY recipient_id FOR NO KEY UPDATE;
    UPDATE notification_counts c SET total = c.total + d.n, unread = c.unread + d.unread
    FROM (SELECT recipient_id, sum(n) AS n, sum(unread) AS unread FROM (
        SELECT recipient_id, 1 AS n, (NOT is_read)::int AS unread FROM new_rows
        UNION ALL SELECT recipient_id, -1, -(NOT is_read)::int FROM old_rows) changes
      GROUP BY recipient_id) d
    WHERE c.recipient_id = d.recipient_id AND (d.n <> 0 OR d.unread <> 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_counted_on_insert" AFTER INSERT ON "notifications"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION count_notifications();--> statement-breakpoint
CREATE TRIGGER "notifications_counted_on_delete" AFTER DELETE ON "notifications"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION count_notifications();--> statement-breakpoint
CREATE TRIGGER "notifications_counted_on_update" AFTER UPDATE ON "notifications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_notifications();
--> statement-breakpoint
INSERT INTO notification_counts (recipient_id, total, unread)
SELECT recipient_id, count(*), count(*) FILTER (WHERE NOT is_read) FROM notifications GROUP BY recipient_id;

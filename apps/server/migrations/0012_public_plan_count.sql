-- The public plans page answers how many public plans there are; counting them (4,286 at the `large`
-- bench data) took 0.8 ms of PostgreSQL's 1 ms on that page's statement, so statement triggers keep the
-- number in row_counts instead. Only a change of the number touches that row, so that plan edits do
-- not queue on its lock.
CREATE FUNCTION "count_public_plans"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE row_counts SET count = 0 WHERE table_name = 'public_learning_plans';
    RETURN NULL;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE is_public);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE is_public);
  END IF;
  IF delta <> 0 THEN
    UPDATE row_counts SET count = count + delta WHERE table_name = 'public_learning_plans';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "public_plans_count_insert" AFTER INSERT ON "learning_plans" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_public_plans();--> statement-breakpoint
CREATE TRIGGER "public_plans_count_update" AFTER UPDATE ON "learning_plans"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_public_plans();--> statement-breakpoint
CREATE TRIGGER "public_plans_count_delete" AFTER DELETE ON "learning_plans" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_public_plans();--> statement-breakpoint
CREATE TRIGGER "public_plans_count_truncate" AFTER TRUNCATE ON "learning_plans"
  FOR EACH STATEMENT EXECUTE FUNCTION count_public_plans();--> statement-breakpoint
INSERT INTO "row_counts" ("table_name", "count")
  SELECT 'public_learning_plans', count(*) FROM "learning_plans" WHERE "is_public";

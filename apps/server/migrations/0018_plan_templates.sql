ALTER TABLE "learning_plans" ADD COLUMN "based_on_plan_id" integer;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD COLUMN "based_on_title" text;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD COLUMN "template_use_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learning_plans" ADD CONSTRAINT "learning_plans_based_on_plan_id_learning_plans_id_fk" FOREIGN KEY ("based_on_plan_id") REFERENCES "public"."learning_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learning_plans_based_on_plan_idx" ON "learning_plans" USING btree ("based_on_plan_id");--> statement-breakpoint
-- "Used as a template N times" is read with every plan; statement triggers keep it, in the same
-- transaction as the copy, whatever deletes a copy (its owner, or their account going). A copy whose
-- original is gone has no original to count it (based_on_plan_id is set null), so INSERT and DELETE
-- are all there is to follow. `npm run db:repair-counters` recomputes it.
CREATE FUNCTION "count_template_uses"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE learning_plans SET template_use_count = template_use_count + d.n
    FROM (SELECT based_on_plan_id, count(*) AS n FROM new_rows WHERE based_on_plan_id IS NOT NULL
      GROUP BY based_on_plan_id) d
    WHERE learning_plans.id = d.based_on_plan_id;
  ELSE
    UPDATE learning_plans SET template_use_count = template_use_count - d.n
    FROM (SELECT based_on_plan_id, count(*) AS n FROM old_rows WHERE based_on_plan_id IS NOT NULL
      GROUP BY based_on_plan_id) d
    WHERE learning_plans.id = d.based_on_plan_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "template_uses_count_insert" AFTER INSERT ON "learning_plans" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_template_uses();--> statement-breakpoint
CREATE TRIGGER "template_uses_count_delete" AFTER DELETE ON "learning_plans" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION count_template_uses();

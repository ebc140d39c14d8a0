-- The home page's first steps can be hidden; the choice is kept on the account so it follows the person
-- to every device. Null while the steps are shown.
ALTER TABLE "users" ADD COLUMN "first_steps_dismissed_at" timestamp with time zone;
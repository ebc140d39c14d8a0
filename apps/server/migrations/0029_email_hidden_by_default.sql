-- An e-mail address is its owner's to share: hidden from others until the person turns
-- "Show my e-mail address to others" on. Existing accounts were shown by the old default, not by a
-- choice, so they start hidden too.
ALTER TABLE "users" ALTER COLUMN "show_email" SET DEFAULT false;--> statement-breakpoint
UPDATE "users" SET "show_email" = false WHERE "show_email";

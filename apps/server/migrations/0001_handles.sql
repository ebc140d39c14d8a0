ALTER TABLE "users" ADD COLUMN "handle" text;--> statement-breakpoint
-- Accounts that exist already get a handle from their name the way sign-up makes one:
-- 'Ann Lee' -> annlee, then annlee2, annlee3... for the next ones, in the order they signed up.
DO $$
DECLARE
  account record;
  stem text;
  candidate text;
  n integer;
BEGIN
  FOR account IN SELECT id, name FROM users ORDER BY id LOOP
    stem := left(regexp_replace(lower(account.name), '[^a-z0-9_]+', '', 'g'), 30);
    IF stem = '' THEN
      stem := 'user';
    END IF;
    IF length(stem) < 3 THEN
      stem := rpad(stem, 3, '_');
    END IF;
    candidate := stem;
    n := 1;
    WHILE EXISTS (SELECT 1 FROM users WHERE handle = candidate) LOOP
      n := n + 1;
      candidate := left(stem, 30 - length(n::text)) || n::text;
    END LOOP;
    UPDATE users SET handle = candidate WHERE id = account.id;
  END LOOP;
END $$;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "handle" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_key" ON "users" USING btree ("handle");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_handle_format" CHECK ("users"."handle" ~ '^[a-z0-9_]{3,30}$');

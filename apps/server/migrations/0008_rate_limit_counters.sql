-- Rate-limit and failed sign-in counters that every server process on one PostgreSQL server shares, so
-- N processes do not allow N times a limit. UNLOGGED: no WAL for counters; a crash only resets them.
CREATE UNLOGGED TABLE "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

-- Each person's notification preferences, a row only once they change one (no row: the defaults). types
-- holds the switches they set by type and channel; the insert of notifications reads it by primary key.
CREATE TABLE "notification_preferences" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"types" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"digest" text DEFAULT 'WEEKLY' NOT NULL,
	"from_people_you_dont_follow" text DEFAULT 'ALLOW' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_digest" CHECK ("notification_preferences"."digest" in ('WEEKLY', 'DAILY', 'OFF')),
	CONSTRAINT "notification_preferences_strangers" CHECK ("notification_preferences"."from_people_you_dont_follow" in ('ALLOW', 'MUTE'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
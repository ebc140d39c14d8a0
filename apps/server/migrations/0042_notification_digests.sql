-- When each person was last mailed the notification digest, claimed per period by the batch mailing it.
CREATE TABLE "notification_digests" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone,
	"previous_sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_digests" ADD CONSTRAINT "notification_digests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
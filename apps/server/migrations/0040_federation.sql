-- Federation (ActivityPub): each person's key pairs, their followers on other servers, Fedify's cache
-- and the actors of deleted accounts, which a trigger records as their keys go so they answer 410 Gone.
CREATE TABLE "actor_keys" (
	"user_id" integer NOT NULL,
	"algorithm" text NOT NULL,
	"public_key" jsonb NOT NULL,
	"private_key" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "actor_keys_user_id_algorithm_pk" PRIMARY KEY("user_id","algorithm")
);
--> statement-breakpoint
CREATE TABLE "departed_actors" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"departed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fedify_kv" (
	"key" text[] PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "remote_followers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_followers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"actor_uri" text NOT NULL,
	"handle" text NOT NULL,
	"inbox_url" text NOT NULL,
	"shared_inbox_url" text,
	"follow_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "actor_keys" ADD CONSTRAINT "actor_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_followers" ADD CONSTRAINT "remote_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fedify_kv_expires_at_idx" ON "fedify_kv" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remote_followers_user_actor_key" ON "remote_followers" USING btree ("user_id","actor_uri");--> statement-breakpoint
CREATE INDEX "remote_followers_user_id_idx" ON "remote_followers" USING btree ("user_id","id");--> statement-breakpoint
CREATE FUNCTION "record_departed_actor"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only when the account itself is going (the key rows go with it by cascade), not a key replaced.
  IF NOT EXISTS (SELECT 1 FROM "users" WHERE "id" = OLD."user_id") THEN
    INSERT INTO "departed_actors" ("user_id") VALUES (OLD."user_id") ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "actor_keys_departed" AFTER DELETE ON "actor_keys"
  FOR EACH ROW EXECUTE FUNCTION "record_departed_actor"();

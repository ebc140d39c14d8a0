CREATE TABLE "remote_blocks" (
	"user_id" integer NOT NULL,
	"remote_actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_blocks_user_id_remote_actor_id_pk" PRIMARY KEY("user_id","remote_actor_id")
);
--> statement-breakpoint
CREATE TABLE "remote_mutes" (
	"user_id" integer NOT NULL,
	"remote_actor_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_mutes_user_id_remote_actor_id_pk" PRIMARY KEY("user_id","remote_actor_id")
);
--> statement-breakpoint
ALTER TABLE "remote_blocks" ADD CONSTRAINT "remote_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_blocks" ADD CONSTRAINT "remote_blocks_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_mutes" ADD CONSTRAINT "remote_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_mutes" ADD CONSTRAINT "remote_mutes_remote_actor_id_remote_actors_id_fk" FOREIGN KEY ("remote_actor_id") REFERENCES "public"."remote_actors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "remote_blocks_actor_idx" ON "remote_blocks" USING btree ("remote_actor_id");--> statement-breakpoint
CREATE INDEX "remote_mutes_actor_idx" ON "remote_mutes" USING btree ("remote_actor_id");
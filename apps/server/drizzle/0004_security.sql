CREATE TABLE "ip_whitelist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(45) NOT NULL,
	"to_ip" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ip_whitelist_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_change_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"new_password_hash" text NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payout_blacklist" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"block_type" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_devices" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_step_change_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"target" varchar(16) NOT NULL,
	"new_mode" varchar(8) NOT NULL,
	"confirm_with" varchar(8) NOT NULL,
	"code_hash" varchar(64),
	"device_request_key" uuid,
	"factor_verified_at" timestamp with time zone,
	"new_totp_secret" varchar(128),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ip_whitelist_entries" ADD CONSTRAINT "ip_whitelist_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ip_whitelist_settings" ADD CONSTRAINT "ip_whitelist_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_change_requests" ADD CONSTRAINT "password_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_blacklist" ADD CONSTRAINT "payout_blacklist_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_devices" ADD CONSTRAINT "session_devices_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_devices" ADD CONSTRAINT "session_devices_device_id_auth_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."auth_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_step_change_requests" ADD CONSTRAINT "two_step_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ip_whitelist_entries_user" ON "ip_whitelist_entries" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "password_change_requests_user" ON "password_change_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_blacklist_customer_email" ON "payout_blacklist" USING btree ("customer_id","email");--> statement-breakpoint
CREATE INDEX "two_step_change_requests_user" ON "two_step_change_requests" USING btree ("user_id","status");
CREATE TABLE "altcha_spent" (
	"signature_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code" varchar(128) NOT NULL,
	"type" varchar(8) NOT NULL,
	"name" varchar(128) NOT NULL,
	"location" varchar(128),
	"last_activity_at" timestamp with time zone,
	"secret_hash" varchar(64) NOT NULL,
	"push_token" varchar(512),
	"approved" boolean DEFAULT false NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"totp_secret" varchar(128),
	"totp_last_step" bigint,
	"sms_phone" varchar(32),
	"migration_req" varchar(8) DEFAULT 'none' NOT NULL,
	"migration_deadline" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_approval_codes" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"method_id" smallint NOT NULL,
	"code_hash" varchar(64),
	"request_key" uuid,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"username" varchar(254),
	"ip" varchar(64),
	"user_agent" varchar(512),
	"client" varchar(64),
	"device" varchar(128),
	"flow" varchar(16) NOT NULL,
	"result" varchar(24) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_realtime_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"pending_login_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pending_logins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"flow" varchar(16) NOT NULL,
	"code_hash" varchar(64),
	"code_challenge" varchar(128),
	"client" varchar(64) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"sms_code_hash" varchar(64),
	"sms_identifier" varchar(2),
	"sms_expires_at" timestamp with time zone,
	"request_key" uuid,
	"approved_at" timestamp with time zone,
	"declined_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sei_authorizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"path" varchar(512) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_lockouts" (
	"username" varchar(254) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "device_requests" ADD COLUMN "pending_login_id" uuid;--> statement-breakpoint
ALTER TABLE "device_requests" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "auth_devices" ADD CONSTRAINT "auth_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_settings" ADD CONSTRAINT "auth_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_approval_codes" ADD CONSTRAINT "device_approval_codes_device_id_auth_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."auth_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_realtime_tickets" ADD CONSTRAINT "login_realtime_tickets_pending_login_id_pending_logins_id_fk" FOREIGN KEY ("pending_login_id") REFERENCES "public"."pending_logins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD CONSTRAINT "pending_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sei_authorizations" ADD CONSTRAINT "sei_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_devices_user" ON "auth_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_devices_secret" ON "auth_devices" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "login_history_user_at" ON "login_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_history_ip_at" ON "login_history" USING btree ("ip","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_logins_code" ON "pending_logins" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "pending_logins_user" ON "pending_logins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");
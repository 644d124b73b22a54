CREATE TABLE "account_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "altcha_spent" (
	"signature_hash" varchar(64) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"event_count" integer NOT NULL,
	"events" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"customer_id" integer,
	"action" varchar(64) NOT NULL,
	"ip" varchar(64),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
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
CREATE TABLE "customer_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"access_right" smallint NOT NULL,
	"representative_position_id" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"customer_type" smallint NOT NULL,
	"first_name" varchar(128),
	"last_name" varchar(128),
	"business_name" varchar(256),
	"birth_day" varchar(10),
	"residence_country_code" varchar(2),
	"tax_id" varchar(64),
	"transaction_approve_mode" smallint DEFAULT 0 NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"limited" boolean DEFAULT false NOT NULL,
	"due_diligence_level" smallint DEFAULT 0 NOT NULL,
	"is_need_personal_info_update" boolean DEFAULT false NOT NULL,
	"is_need_kyc" boolean DEFAULT false NOT NULL,
	"use_old_web" boolean DEFAULT false NOT NULL,
	"old_web_url" varchar(512),
	"tax_self_certification_status" varchar(16) DEFAULT 'none' NOT NULL,
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
CREATE TABLE "device_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"title" varchar(256) NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"pending_login_id" uuid,
	"device_id" integer
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
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(256),
	"body" text NOT NULL,
	"user_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
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
CREATE TABLE "realtime_tickets" (
	"ticket_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"session_id" uuid NOT NULL,
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
CREATE TABLE "registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"registration_type" varchar(48) NOT NULL,
	"industry_id" integer,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	CONSTRAINT "registrations_user_id_unique" UNIQUE("user_id")
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
CREATE TABLE "server_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"refresh_token_hash" varchar(64) NOT NULL,
	"client" varchar(64) NOT NULL,
	"ip" varchar(64),
	"user_agent" varchar(512),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" varchar(32),
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sign_in_lockouts" (
	"username" varchar(254) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "terms_acceptances" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"term_key" varchar(48) NOT NULL,
	"term_value" varchar(128) NOT NULL,
	"version_date" varchar(10),
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text NOT NULL,
	"login_2fa_mode" varchar(16) DEFAULT 'no' NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"status" varchar(24) DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_codes" ADD CONSTRAINT "account_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_devices" ADD CONSTRAINT "auth_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_settings" ADD CONSTRAINT "auth_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access" ADD CONSTRAINT "customer_access_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_access" ADD CONSTRAINT "customer_access_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_approval_codes" ADD CONSTRAINT "device_approval_codes_device_id_auth_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."auth_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_requests" ADD CONSTRAINT "device_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "login_realtime_tickets" ADD CONSTRAINT "login_realtime_tickets_pending_login_id_pending_logins_id_fk" FOREIGN KEY ("pending_login_id") REFERENCES "public"."pending_logins"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pending_logins" ADD CONSTRAINT "pending_logins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realtime_tickets" ADD CONSTRAINT "realtime_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sei_authorizations" ADD CONSTRAINT "sei_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms_acceptances" ADD CONSTRAINT "terms_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_codes_user_purpose" ON "account_codes" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "analytics_batches_received" ON "analytics_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_customer" ON "audit_log" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "auth_devices_user" ON "auth_devices" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_devices_secret" ON "auth_devices" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_access_user_customer" ON "customer_access" USING btree ("user_id","customer_id");--> statement-breakpoint
CREATE INDEX "device_requests_user_status" ON "device_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "login_history_user_at" ON "login_history" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "login_history_ip_at" ON "login_history" USING btree ("ip","created_at");--> statement-breakpoint
CREATE INDEX "outbox_status" ON "outbox" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "pending_logins_code" ON "pending_logins" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "pending_logins_user" ON "pending_logins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_refresh_hash" ON "sessions" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "terms_acceptances_user" ON "terms_acceptances" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));
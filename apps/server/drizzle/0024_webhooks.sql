CREATE TABLE "ipn_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"message_id" varchar(48) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ipn_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"endpoint_id" integer,
	"notify_status_id" smallint DEFAULT 1 NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" varchar(48) NOT NULL,
	"endpoint_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"attempt" integer NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"status_code" integer,
	"succeeded" boolean NOT NULL,
	"error" varchar(200),
	"latency_ms" integer NOT NULL,
	"request_body" text NOT NULL,
	"response_body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"url" varchar(2048) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret" varchar(100) NOT NULL,
	"kind" varchar(8) DEFAULT 'webhook' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"secret_rotated_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" varchar(48) PRIMARY KEY NOT NULL,
	"endpoint_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"event_type" varchar(32) NOT NULL,
	"body" text NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"manual_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ipn_messages" ADD CONSTRAINT "ipn_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipn_messages" ADD CONSTRAINT "ipn_messages_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipn_messages" ADD CONSTRAINT "ipn_messages_confirmed_by_user_id_users_id_fk" FOREIGN KEY ("confirmed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipn_settings" ADD CONSTRAINT "ipn_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipn_settings" ADD CONSTRAINT "ipn_settings_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ipn_messages_customer" ON "ipn_messages" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ipn_messages_message" ON "ipn_messages" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "webhook_attempts_customer" ON "webhook_attempts" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_customer" ON "webhook_endpoints" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_one_ipn" ON "webhook_endpoints" USING btree ("customer_id") WHERE "webhook_endpoints"."kind" = 'ipn' and "webhook_endpoints"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_messages_due" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_messages_manual" ON "webhook_messages" USING btree ("manual_at") WHERE "webhook_messages"."manual_at" is not null;
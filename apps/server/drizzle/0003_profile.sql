CREATE TABLE "contact_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target" varchar(8) NOT NULL,
	"target_id" integer NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"link_token_hash" varchar(64),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"identified" varchar(48) NOT NULL,
	"value" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "username_change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"new_username" varchar(254) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "replaces_address_id" integer;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD COLUMN "requires_document" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_phones" ADD COLUMN "phone_type" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_phones" ADD COLUMN "replaces_phone_id" integer;--> statement-breakpoint
ALTER TABLE "contact_codes" ADD CONSTRAINT "contact_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_codes" ADD CONSTRAINT "contact_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_emails" ADD CONSTRAINT "customer_emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_change_requests" ADD CONSTRAINT "username_change_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "username_change_requests" ADD CONSTRAINT "username_change_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_codes_target" ON "contact_codes" USING btree ("target","target_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_codes_link" ON "contact_codes" USING btree ("link_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_emails_customer_email" ON "customer_emails" USING btree ("customer_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_emails_one_primary" ON "customer_emails" USING btree ("customer_id") WHERE "customer_emails"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "notification_settings_key" ON "notification_settings" USING btree ("customer_id","user_id","identified");--> statement-breakpoint
CREATE INDEX "username_change_requests_customer" ON "username_change_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "username_change_requests_one_pending" ON "username_change_requests" USING btree ("user_id") WHERE "username_change_requests"."status" = 'pending';
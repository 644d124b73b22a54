CREATE TABLE "bin_ranges" (
	"id" serial PRIMARY KEY NOT NULL,
	"bin_from" varchar(6) NOT NULL,
	"bin_to" varchar(6) NOT NULL,
	"issuer" varchar(128) NOT NULL,
	"card_brand" varchar(16) NOT NULL,
	"card_category" varchar(32) NOT NULL,
	"card_type" varchar(8) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"is_commercial" boolean DEFAULT false NOT NULL,
	"is_prepaid" boolean DEFAULT false NOT NULL,
	"is_own_issuer" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "card_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"card_type" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"shipping_type" varchar(16) NOT NULL,
	"fee_account_id" integer NOT NULL,
	"issue_fee" numeric(30, 8) NOT NULL,
	"shipping_fee" numeric(30, 8) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"card_account_id" integer,
	"fee_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "card_details" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"pan_fingerprint" varchar(64) NOT NULL,
	"cvv_encrypted" text NOT NULL,
	"pin_encrypted" text,
	"pin_changed_at" timestamp with time zone,
	"holder_name" varchar(64) NOT NULL,
	"shipping_type" varchar(16) NOT NULL,
	"reissued_from_account_id" integer,
	"application_id" integer,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "external_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"card_number_encrypted" text NOT NULL,
	"pan_fingerprint" varchar(64) NOT NULL,
	"pan_last4" varchar(4) NOT NULL,
	"card_brand" varchar(16),
	"issuer" varchar(128),
	"expiry_month" smallint NOT NULL,
	"expiry_year" smallint NOT NULL,
	"holder_name" varchar(64) NOT NULL,
	"status" varchar(24) DEFAULT 'pendingVerification' NOT NULL,
	"attempts_left" smallint DEFAULT 3 NOT NULL,
	"verification_amount" numeric(30, 8) NOT NULL,
	"verification_currency" varchar(3) NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_fee_account_id_accounts_id_fk" FOREIGN KEY ("fee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_applications" ADD CONSTRAINT "card_applications_card_account_id_accounts_id_fk" FOREIGN KEY ("card_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_details" ADD CONSTRAINT "card_details_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_details" ADD CONSTRAINT "card_details_reissued_from_account_id_accounts_id_fk" FOREIGN KEY ("reissued_from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_details" ADD CONSTRAINT "card_details_application_id_card_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."card_applications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_cards" ADD CONSTRAINT "external_cards_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bin_ranges_from_to" ON "bin_ranges" USING btree ("bin_from","bin_to");--> statement-breakpoint
CREATE UNIQUE INDEX "card_applications_customer_key" ON "card_applications" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "card_details_pan_fingerprint" ON "card_details" USING btree ("pan_fingerprint");--> statement-breakpoint
CREATE UNIQUE INDEX "external_cards_customer_key" ON "external_cards" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "external_cards_customer_card" ON "external_cards" USING btree ("customer_id","pan_fingerprint") WHERE "external_cards"."deleted_at" is null and "external_cards"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "external_cards_customer" ON "external_cards" USING btree ("customer_id","id");
CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"system_role" varchar(24),
	"type" integer NOT NULL,
	"sub_type" varchar(8) DEFAULT 'DEBIT' NOT NULL,
	"account_status_id" smallint DEFAULT 2 NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"balance" numeric(30, 8) DEFAULT '0' NOT NULL,
	"pending_amount" numeric(30, 8) DEFAULT '0' NOT NULL,
	"account_balance_min" numeric(30, 8) DEFAULT '0' NOT NULL,
	"name" varchar(128),
	"card_is_virtual" boolean,
	"card_expiry_month" smallint,
	"card_expiry_year" smallint,
	"card_reissued_status_id" smallint,
	"settlement_account_id" integer,
	"card_alias_name" varchar(64),
	"card_pan_last4" varchar(4),
	"card_number_encrypted" text,
	"card_brand" varchar(16),
	"card_product_type" integer,
	"card_pin_hash" text,
	"card_status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcement_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"announcement_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"choice" varchar(8),
	"answered_by_user_id" integer,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "announcement_texts" (
	"id" serial PRIMARY KEY NOT NULL,
	"announcement_id" integer NOT NULL,
	"language" varchar(2) NOT NULL,
	"title" varchar(256) NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" varchar(32),
	"requires_confirmation" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"address1" varchar(256) NOT NULL,
	"address2" varchar(256),
	"city" varchar(128) NOT NULL,
	"postal_code" varchar(32),
	"country_code" varchar(2) NOT NULL,
	"state_code" varchar(8),
	"address_status" varchar(16) DEFAULT 'unconfirmed' NOT NULL,
	"is_document_out_of_date" boolean DEFAULT false NOT NULL,
	"is_card_document_required" boolean DEFAULT false NOT NULL,
	"proof_of_residence_status" varchar(16) DEFAULT 'none' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"document_type_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"status_id" smallint NOT NULL,
	"issued_date" date,
	"expires_date" date,
	"reject_reason" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type_id" smallint NOT NULL,
	"number" varchar(64),
	"status" varchar(16) NOT NULL,
	"issued_date" date,
	"expires_date" date,
	"reject_reason" varchar(256),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_phones" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"number" varchar(32) NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_verification" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"final_review" boolean DEFAULT false NOT NULL,
	"verification_in_progress" boolean DEFAULT false NOT NULL,
	"limit_reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"limit_documents_uploaded" boolean DEFAULT false NOT NULL,
	"duplicate_documents" varchar(16),
	"tax_form_status" varchar(16) DEFAULT 'none' NOT NULL,
	"video_identity_status" varchar(16) DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"base" varchar(3) NOT NULL,
	"quote" varchar(3) NOT NULL,
	"rate" numeric(30, 12) NOT NULL,
	"date" date NOT NULL,
	"source" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"idempotency_key" varchar(128),
	"request_hash" varchar(64),
	"kind" varchar(32) NOT NULL,
	"status" varchar(16) NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"fee" numeric(30, 8) DEFAULT '0' NOT NULL,
	"initiated_by_user_id" integer,
	"approved_by_user_id" integer,
	"reverses_transfer_id" uuid,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_instructions" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"beneficiary_name" varchar(256) NOT NULL,
	"bank_name" varchar(128) NOT NULL,
	"bank_address" varchar(256) NOT NULL,
	"bank_account_number" varchar(34) NOT NULL,
	"iban" varchar(34),
	"swift" varchar(11),
	"sort_code" varchar(8),
	"routing_number" varchar(9),
	"transit_number" varchar(5),
	"institution_number" varchar(3),
	"reference" varchar(35) NOT NULL,
	"viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_instructions_account_id_unique" UNIQUE("account_id")
);
--> statement-breakpoint
CREATE TABLE "pdf_downloads" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"document" varchar(48) NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"params" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"account_id" integer NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"pending" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_reads" ADD CONSTRAINT "announcement_reads_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_texts" ADD CONSTRAINT "announcement_texts_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_addresses" ADD CONSTRAINT "customer_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_documents" ADD CONSTRAINT "customer_documents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_phones" ADD CONSTRAINT "customer_phones_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_verification" ADD CONSTRAINT "customer_verification_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_initiated_by_user_id_users_id_fk" FOREIGN KEY ("initiated_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_approved_by_user_id_users_id_fk" FOREIGN KEY ("approved_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_instructions" ADD CONSTRAINT "payment_instructions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_downloads" ADD CONSTRAINT "pdf_downloads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pdf_downloads" ADD CONSTRAINT "pdf_downloads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postings" ADD CONSTRAINT "postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_customer" ON "accounts" USING btree ("customer_id","account_status_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_role_currency" ON "accounts" USING btree ("system_role","currency_code") WHERE "accounts"."system_role" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_customer_type_currency" ON "accounts" USING btree ("customer_id","type","currency_code") WHERE "accounts"."type" in (1001, 4001) and "accounts"."account_status_id" <> 4;--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_reads_customer" ON "announcement_reads" USING btree ("announcement_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "announcement_texts_language" ON "announcement_texts" USING btree ("announcement_id","language");--> statement-breakpoint
CREATE INDEX "announcements_brand_published" ON "announcements" USING btree ("brand_id","published_at");--> statement-breakpoint
CREATE INDEX "customer_addresses_customer" ON "customer_addresses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_documents_customer" ON "customer_documents" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_identities_customer" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customer_phones_customer" ON "customer_phones" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_base_quote_date" ON "exchange_rates" USING btree ("base","quote","date");--> statement-breakpoint
CREATE INDEX "exchange_rates_date" ON "exchange_rates" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_customer_key" ON "ledger_transfers" USING btree ("customer_id","idempotency_key") WHERE "ledger_transfers"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "ledger_transfers_customer_created" ON "ledger_transfers" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_status" ON "ledger_transfers" USING btree ("status");--> statement-breakpoint
CREATE INDEX "pdf_downloads_expires" ON "pdf_downloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "postings_account" ON "postings" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "postings_transfer" ON "postings" USING btree ("transfer_id");
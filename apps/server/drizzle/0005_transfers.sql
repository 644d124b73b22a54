CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"transaction_type" varchar(32) NOT NULL,
	"payload" jsonb NOT NULL,
	"idempotency_key" varchar(128) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"description" varchar(256),
	"batch_id" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"transfer_id" uuid,
	"decided_by_user_id" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"operation" varchar(32) NOT NULL,
	"currency_code" varchar(3),
	"fixed" numeric(30, 8) DEFAULT '0' NOT NULL,
	"percent" numeric(9, 4) DEFAULT '0' NOT NULL,
	"min_fee" numeric(30, 8) DEFAULT '0' NOT NULL,
	"max_fee" numeric(30, 8)
);
--> statement-breakpoint
CREATE TABLE "recurring_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"to_amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"end_date" date,
	"transactions_left" integer,
	"executed" integer DEFAULT 0 NOT NULL,
	"user_cancel" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_error" varchar(256),
	"first_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_confirmations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"approve_type" smallint NOT NULL,
	"binding" varchar(64) NOT NULL,
	"code_hash" varchar(64),
	"device_request_key" uuid,
	"sent_to" varchar(254),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"resends" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "transfer_limits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount" numeric(30, 8) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transfer_permissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transfers" ADD CONSTRAINT "recurring_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transfers" ADD CONSTRAINT "recurring_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transfers" ADD CONSTRAINT "recurring_transfers_from_account_id_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transfers" ADD CONSTRAINT "recurring_transfers_to_account_id_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_confirmations" ADD CONSTRAINT "transaction_confirmations_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_confirmations" ADD CONSTRAINT "transaction_confirmations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_confirmations" ADD CONSTRAINT "transaction_confirmations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_limits" ADD CONSTRAINT "transfer_limits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_permissions" ADD CONSTRAINT "transfer_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_permissions" ADD CONSTRAINT "transfer_permissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_requests_customer_key" ON "approval_requests" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "approval_requests_customer_status" ON "approval_requests" USING btree ("customer_id","status","created_at");--> statement-breakpoint
CREATE INDEX "fee_rules_brand_operation" ON "fee_rules" USING btree ("brand_id","operation");--> statement-breakpoint
CREATE INDEX "recurring_transfers_due" ON "recurring_transfers" USING btree ("status","next_run_at");--> statement-breakpoint
CREATE INDEX "recurring_transfers_customer" ON "recurring_transfers" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "transaction_confirmations_status" ON "transaction_confirmations" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transaction_confirmations_transfer" ON "transaction_confirmations" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_limits_customer_currency_period" ON "transfer_limits" USING btree ("customer_id","currency_code","period");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_permissions_user_customer" ON "transfer_permissions" USING btree ("user_id","customer_id");
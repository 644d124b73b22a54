CREATE TABLE "global_pay_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"created_by_user_id" integer,
	"batch_name" varchar(100) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"submitted_by_user_id" integer,
	"submit_key" uuid,
	"reserve_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "global_pay_claims" (
	"id" uuid PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"method" varchar(16) NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"exchange_rate" numeric(30, 12) NOT NULL,
	"to_amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"destination" varchar(40) NOT NULL,
	"holder_name" varchar(140) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"resends" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "global_pay_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"position" integer NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"description" varchar(140) DEFAULT '' NOT NULL,
	"beneficiary_type" varchar(16) NOT NULL,
	"beneficiary_name" varchar(140) NOT NULL,
	"beneficiary_email" varchar(254) NOT NULL,
	"beneficiary_country_code" varchar(2) NOT NULL,
	"fee_share" varchar(16) NOT NULL,
	"language" varchar(2),
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"row_errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_hash" varchar(64),
	"expires_at" timestamp with time zone,
	"paid_method" varchar(16),
	"paid_currency_code" varchar(3),
	"paid_amount" numeric(30, 8),
	"destination" varchar(40),
	"payout_transfer_id" uuid,
	"return_transfer_id" uuid,
	"claimed_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_batches" ADD CONSTRAINT "global_pay_batches_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_claims" ADD CONSTRAINT "global_pay_claims_payment_id_global_pay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."global_pay_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_payments" ADD CONSTRAINT "global_pay_payments_batch_id_global_pay_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."global_pay_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "global_pay_payments" ADD CONSTRAINT "global_pay_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "global_pay_batches_customer" ON "global_pay_batches" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "global_pay_batches_content" ON "global_pay_batches" USING btree ("customer_id","content_hash");--> statement-breakpoint
CREATE INDEX "global_pay_claims_payment" ON "global_pay_claims" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "global_pay_payments_batch" ON "global_pay_payments" USING btree ("batch_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "global_pay_payments_secret" ON "global_pay_payments" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "global_pay_payments_due" ON "global_pay_payments" USING btree ("status","expires_at");--> statement-breakpoint
CREATE INDEX "global_pay_payments_email" ON "global_pay_payments" USING btree ("beneficiary_email");
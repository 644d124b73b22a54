CREATE TABLE "preapproval_pulls" (
	"id" serial PRIMARY KEY NOT NULL,
	"preapproval_id" integer NOT NULL,
	"merchant_customer_id" integer NOT NULL,
	"transfer_id" uuid NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"description" varchar(140),
	"idempotency_key" varchar(64),
	"request_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "preapprovals" (
	"id" serial PRIMARY KEY NOT NULL,
	"payer_customer_id" integer NOT NULL,
	"payer_user_id" integer NOT NULL,
	"payer_account_id" integer NOT NULL,
	"merchant_customer_id" integer NOT NULL,
	"merchant_account_id" integer NOT NULL,
	"merchant_email" varchar(254) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"amount_cap" numeric(30, 8) NOT NULL,
	"total_cap" numeric(30, 8),
	"pulled_total" numeric(30, 8) DEFAULT '0' NOT NULL,
	"frequency" varchar(8) NOT NULL,
	"end_date" varchar(10),
	"status" varchar(12) NOT NULL,
	"last_pull_at" timestamp with time zone,
	"approve_type" smallint NOT NULL,
	"code_hash" text,
	"device_request_key" varchar(64),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"confirm_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" varchar(8)
);
--> statement-breakpoint
ALTER TABLE "preapproval_pulls" ADD CONSTRAINT "preapproval_pulls_preapproval_id_preapprovals_id_fk" FOREIGN KEY ("preapproval_id") REFERENCES "public"."preapprovals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapproval_pulls" ADD CONSTRAINT "preapproval_pulls_merchant_customer_id_customers_id_fk" FOREIGN KEY ("merchant_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapproval_pulls" ADD CONSTRAINT "preapproval_pulls_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapprovals" ADD CONSTRAINT "preapprovals_payer_customer_id_customers_id_fk" FOREIGN KEY ("payer_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapprovals" ADD CONSTRAINT "preapprovals_payer_user_id_users_id_fk" FOREIGN KEY ("payer_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapprovals" ADD CONSTRAINT "preapprovals_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapprovals" ADD CONSTRAINT "preapprovals_merchant_customer_id_customers_id_fk" FOREIGN KEY ("merchant_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preapprovals" ADD CONSTRAINT "preapprovals_merchant_account_id_accounts_id_fk" FOREIGN KEY ("merchant_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preapproval_pulls_approval" ON "preapproval_pulls" USING btree ("preapproval_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "preapproval_pulls_key" ON "preapproval_pulls" USING btree ("preapproval_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "preapprovals_payer" ON "preapprovals" USING btree ("payer_customer_id","id");--> statement-breakpoint
CREATE INDEX "preapprovals_merchant" ON "preapprovals" USING btree ("merchant_customer_id","id");
CREATE TABLE "merchant_identity_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"requested_by_user_id" integer NOT NULL,
	"name" varchar(128) NOT NULL,
	"email" varchar(254) NOT NULL,
	"reference" varchar(64),
	"fee_account_id" integer NOT NULL,
	"fee_amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"fee_transfer_id" uuid,
	"workflow_run_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_workflow_runs" ADD COLUMN "purpose" varchar(12) DEFAULT 'self' NOT NULL;--> statement-breakpoint
ALTER TABLE "merchant_identity_requests" ADD CONSTRAINT "merchant_identity_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_requests" ADD CONSTRAINT "merchant_identity_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_requests" ADD CONSTRAINT "merchant_identity_requests_fee_account_id_accounts_id_fk" FOREIGN KEY ("fee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_requests" ADD CONSTRAINT "merchant_identity_requests_fee_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("fee_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_identity_requests" ADD CONSTRAINT "merchant_identity_requests_workflow_run_id_identity_workflow_runs_id_fk" FOREIGN KEY ("workflow_run_id") REFERENCES "public"."identity_workflow_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_identity_requests_customer" ON "merchant_identity_requests" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "merchant_identity_requests_email" ON "merchant_identity_requests" USING btree ("customer_id",lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_identity_requests_run" ON "merchant_identity_requests" USING btree ("workflow_run_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_identity_requests_key" ON "merchant_identity_requests" USING btree ("customer_id","idempotency_key");
CREATE TABLE "funding_invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"created_by_user_id" integer,
	"reference" varchar(25) NOT NULL,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status_id" smallint DEFAULT 1 NOT NULL,
	"amount_received" numeric(30, 8),
	"paid_transfer_id" uuid,
	"idempotency_key" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "funding_invoices" ADD CONSTRAINT "funding_invoices_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "funding_invoices_reference" ON "funding_invoices" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "funding_invoices_customer_key" ON "funding_invoices" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "funding_invoices_customer_created" ON "funding_invoices" USING btree ("customer_id","created_at");
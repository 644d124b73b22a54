CREATE TABLE "invoice_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"payee_customer_id" integer NOT NULL,
	"payee_user_id" integer NOT NULL,
	"payee_account_id" integer NOT NULL,
	"payer_email" varchar(254) NOT NULL,
	"payer_customer_id" integer,
	"payer_account_id" integer,
	"amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"status" varchar(24) DEFAULT 'unpaid' NOT NULL,
	"due_date" date NOT NULL,
	"note_body" varchar(500),
	"reject_note" varchar(500),
	"language" varchar(2) NOT NULL,
	"link_origin" varchar(256) NOT NULL,
	"payment_transfer_id" uuid,
	"payment_attempts" smallint DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_fee" numeric(30, 8),
	"paid_total" numeric(30, 8),
	"paid_currency_code" varchar(3),
	"reminder_before_sent_at" timestamp with time zone,
	"reminder_due_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoice_links" ADD CONSTRAINT "invoice_links_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payee_customer_id_customers_id_fk" FOREIGN KEY ("payee_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payee_user_id_users_id_fk" FOREIGN KEY ("payee_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payee_account_id_accounts_id_fk" FOREIGN KEY ("payee_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_customer_id_customers_id_fk" FOREIGN KEY ("payer_customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payer_account_id_accounts_id_fk" FOREIGN KEY ("payer_account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("payment_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_links_invoice" ON "invoice_links" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_payment_transfer" ON "invoices" USING btree ("payment_transfer_id");--> statement-breakpoint
CREATE INDEX "invoices_payee" ON "invoices" USING btree ("payee_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_payer" ON "invoices" USING btree ("payer_customer_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_payer_email" ON "invoices" USING btree ("brand_id","payer_email");--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("status","due_date");
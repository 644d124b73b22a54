CREATE TABLE "company_details" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"trading_name" varchar(256),
	"registration_country_code" varchar(2),
	"registration_number" varchar(64),
	"registration_date" date,
	"business_tax_id" varchar(64),
	"email" varchar(254),
	"website" varchar(256),
	"description" varchar(1000),
	"phone_country_code" varchar(2),
	"phone_number" varchar(32),
	"registered_address" jsonb,
	"trading_address" jsonb,
	"financial_detail" jsonb,
	"due_diligence" jsonb,
	"is_converted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_payment_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"email" varchar(254) NOT NULL,
	"confirmed_at" timestamp with time zone,
	"code_hash" varchar(64),
	"code_expires_at" timestamp with time zone,
	"code_attempts" smallint DEFAULT 0 NOT NULL,
	"codes_sent" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_details" ADD CONSTRAINT "company_details_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payment_emails" ADD CONSTRAINT "company_payment_emails_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_payment_emails_unique" ON "company_payment_emails" USING btree ("customer_id",lower("email"));
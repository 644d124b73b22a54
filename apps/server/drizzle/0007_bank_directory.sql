CREATE TABLE "bank_branches" (
	"id" serial PRIMARY KEY NOT NULL,
	"bank_id" integer NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(128) NOT NULL,
	"address" varchar(256) NOT NULL,
	"city" varchar(128) NOT NULL,
	"zip_code" varchar(16) NOT NULL,
	"swift" varchar(11)
);
--> statement-breakpoint
CREATE TABLE "banks" (
	"id" serial PRIMARY KEY NOT NULL,
	"country_code" varchar(2) NOT NULL,
	"bank_code" varchar(16) NOT NULL,
	"iban_bank_code" varchar(16),
	"name" varchar(128) NOT NULL,
	"swift" varchar(11),
	"address" varchar(256) NOT NULL,
	"city" varchar(128) NOT NULL,
	"zip_code" varchar(16) NOT NULL,
	"instant_payments" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocked_bins" (
	"id" serial PRIMARY KEY NOT NULL,
	"bin" varchar(8) NOT NULL,
	"reason" varchar(128) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_bins_bin_unique" UNIQUE("bin")
);
--> statement-breakpoint
CREATE TABLE "payment_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_by_user_id" integer NOT NULL,
	"type" varchar(8) NOT NULL,
	"name" varchar(64) NOT NULL,
	"bank_details" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_branches" ADD CONSTRAINT "bank_branches_bank_id_banks_id_fk" FOREIGN KEY ("bank_id") REFERENCES "public"."banks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_templates" ADD CONSTRAINT "payment_templates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_templates" ADD CONSTRAINT "payment_templates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_branches_bank_code" ON "bank_branches" USING btree ("bank_id","code");--> statement-breakpoint
CREATE INDEX "bank_branches_swift" ON "bank_branches" USING btree ("swift");--> statement-breakpoint
CREATE UNIQUE INDEX "banks_country_code" ON "banks" USING btree ("country_code","bank_code");--> statement-breakpoint
CREATE INDEX "banks_country_iban_code" ON "banks" USING btree ("country_code","iban_bank_code");--> statement-breakpoint
CREATE INDEX "banks_swift" ON "banks" USING btree ("swift");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_templates_customer_type_name" ON "payment_templates" USING btree ("customer_id","type",lower("name"));
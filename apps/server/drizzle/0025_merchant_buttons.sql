CREATE TABLE "merchant_logos" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"public_id" varchar(22) NOT NULL,
	"name" varchar(64) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"mime_type" varchar(16) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_pbn_settings" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"pay_name" varchar(32) NOT NULL,
	"display_name" varchar(64),
	"enabled" boolean DEFAULT false NOT NULL,
	"account_ids" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_saved_buttons" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"public_id" varchar(22) NOT NULL,
	"name" varchar(64) NOT NULL,
	"account_id" integer NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"amount" numeric(30, 8),
	"min_amount" numeric(30, 8),
	"max_amount" numeric(30, 8),
	"description" varchar(255) DEFAULT '' NOT NULL,
	"logo_id" integer,
	"return_url" varchar(2048),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_logos" ADD CONSTRAINT "merchant_logos_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_logos" ADD CONSTRAINT "merchant_logos_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_pbn_settings" ADD CONSTRAINT "merchant_pbn_settings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_saved_buttons" ADD CONSTRAINT "merchant_saved_buttons_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_saved_buttons" ADD CONSTRAINT "merchant_saved_buttons_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_saved_buttons" ADD CONSTRAINT "merchant_saved_buttons_logo_id_merchant_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."merchant_logos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_logos_public_id" ON "merchant_logos" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "merchant_logos_customer" ON "merchant_logos" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_logos_one_default" ON "merchant_logos" USING btree ("customer_id") WHERE "merchant_logos"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_pbn_settings_name" ON "merchant_pbn_settings" USING btree ("brand_id","pay_name");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_saved_buttons_public_id" ON "merchant_saved_buttons" USING btree ("public_id");--> statement-breakpoint
CREATE INDEX "merchant_saved_buttons_customer" ON "merchant_saved_buttons" USING btree ("customer_id","id");
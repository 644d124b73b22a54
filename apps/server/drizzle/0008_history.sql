CREATE TABLE "batch_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"created_by_user_id" integer,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"status" varchar(20) NOT NULL,
	"payments_count" integer NOT NULL,
	"total_amount" numeric(30, 8) NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"content_type" varchar(64) DEFAULT 'text/csv' NOT NULL,
	"file_content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_export_chunks" (
	"export_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"data" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "history_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"source" varchar(8) NOT NULL,
	"format" varchar(4) NOT NULL,
	"year_month" varchar(7),
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(8) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"byte_size" bigint,
	"row_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD CONSTRAINT "batch_transfers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD CONSTRAINT "batch_transfers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD CONSTRAINT "batch_transfers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_export_chunks" ADD CONSTRAINT "history_export_chunks_export_id_history_exports_id_fk" FOREIGN KEY ("export_id") REFERENCES "public"."history_exports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_exports" ADD CONSTRAINT "history_exports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "batch_transfers_customer_created" ON "batch_transfers" USING btree ("customer_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "history_export_chunks_export_seq" ON "history_export_chunks" USING btree ("export_id","seq");--> statement-breakpoint
CREATE INDEX "history_exports_customer_source" ON "history_exports" USING btree ("customer_id","source","id");--> statement-breakpoint
CREATE INDEX "history_exports_status" ON "history_exports" USING btree ("status");--> statement-breakpoint
CREATE INDEX "postings_account_created" ON "postings" USING btree ("account_id","created_at","id");
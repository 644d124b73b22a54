CREATE TABLE "mass_batch_submissions" (
	"batch_id" integer PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"result" jsonb NOT NULL,
	"state" varchar(16) NOT NULL,
	"total_amount" numeric(30, 8) NOT NULL,
	"fee" numeric(30, 8) NOT NULL,
	"rows_count" integer NOT NULL,
	"payee_hash" varchar(64) NOT NULL,
	"operation_id" uuid,
	"approval_request_id" integer,
	"link_origin" varchar(256) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mass_batch_submissions" ADD CONSTRAINT "mass_batch_submissions_batch_id_batch_transfers_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batch_submissions" ADD CONSTRAINT "mass_batch_submissions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mass_batch_submissions" ADD CONSTRAINT "mass_batch_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mass_batch_submissions_processing" ON "mass_batch_submissions" USING btree ("batch_id") WHERE "mass_batch_submissions"."state" = 'processing';--> statement-breakpoint
CREATE INDEX "mass_batch_submissions_approval" ON "mass_batch_submissions" USING btree ("approval_request_id");
CREATE TABLE "batch_transfer_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" varchar(12) NOT NULL,
	"amount" numeric(30, 8),
	"fee" numeric(30, 8),
	"transfer_id" uuid,
	"failure_reason" varchar(64),
	"idempotency_key" varchar(64),
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD COLUMN "file_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD COLUMN "resubmit_of_batch_id" integer;--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "batch_transfers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "batch_transfer_rows" ADD CONSTRAINT "batch_transfer_rows_batch_id_batch_transfers_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "batch_transfer_rows_batch_row" ON "batch_transfer_rows" USING btree ("batch_id","row_number");--> statement-breakpoint
CREATE INDEX "batch_transfer_rows_batch_status" ON "batch_transfer_rows" USING btree ("batch_id","status");--> statement-breakpoint
CREATE INDEX "batch_transfers_identical" ON "batch_transfers" USING btree ("customer_id","account_id","file_hash");
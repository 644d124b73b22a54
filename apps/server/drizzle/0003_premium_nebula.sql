CREATE TABLE "analytics_batches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand_id" varchar(32) NOT NULL,
	"event_count" integer NOT NULL,
	"events" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_access" ADD COLUMN "representative_position_id" smallint;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "tax_self_certification_status" varchar(16) DEFAULT 'none' NOT NULL;--> statement-breakpoint
CREATE INDEX "analytics_batches_received" ON "analytics_batches" USING btree ("created_at");
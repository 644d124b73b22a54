CREATE TABLE "customer_document_details" (
	"document_id" integer PRIMARY KEY NOT NULL,
	"country_code" varchar(2),
	"address_id" integer,
	"uploaded_by_user_id" integer,
	"relationship_document_type_id" integer,
	"is_due_diligence" boolean DEFAULT false NOT NULL,
	"expiring_notice_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "customer_document_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"part" varchar(24) NOT NULL,
	"mime_type" varchar(32) NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"encrypted" boolean DEFAULT false NOT NULL,
	"password" varchar(128),
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_document_details" ADD CONSTRAINT "customer_document_details_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_document_details" ADD CONSTRAINT "customer_document_details_uploaded_by_user_id_users_id_fk" FOREIGN KEY ("uploaded_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_document_files" ADD CONSTRAINT "customer_document_files_document_id_customer_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."customer_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_document_details_address" ON "customer_document_details" USING btree ("address_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_document_files_part" ON "customer_document_files" USING btree ("document_id","part");
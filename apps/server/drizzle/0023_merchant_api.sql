CREATE TABLE "merchant_allowed_ips" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"ip_from" varchar(45) NOT NULL,
	"ip_to" varchar(45) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" varchar(64) NOT NULL,
	"key_hash" varchar(64) NOT NULL,
	"hint" varchar(8) NOT NULL,
	"scopes" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "merchant_api_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"api_key_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"method" varchar(8) NOT NULL,
	"path" varchar(256) NOT NULL,
	"status" smallint NOT NULL,
	"ip" varchar(64) NOT NULL,
	"duration_ms" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "merchant_allowed_ips" ADD CONSTRAINT "merchant_allowed_ips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_api_keys" ADD CONSTRAINT "merchant_api_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_api_keys" ADD CONSTRAINT "merchant_api_keys_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_api_requests" ADD CONSTRAINT "merchant_api_requests_api_key_id_merchant_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."merchant_api_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_api_requests" ADD CONSTRAINT "merchant_api_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_allowed_ips_customer" ON "merchant_allowed_ips" USING btree ("customer_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_api_keys_hash" ON "merchant_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "merchant_api_keys_customer" ON "merchant_api_keys" USING btree ("customer_id","id") WHERE "merchant_api_keys"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "merchant_api_requests_key_at" ON "merchant_api_requests" USING btree ("api_key_id","at");--> statement-breakpoint
CREATE INDEX "merchant_api_requests_key_id" ON "merchant_api_requests" USING btree ("api_key_id","id");
CREATE TABLE "card_secret_reveals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"secret" varchar(8) NOT NULL,
	"approve_type" smallint NOT NULL,
	"code_hash" varchar(64),
	"device_request_key" uuid,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "card_secret_reveals" ADD CONSTRAINT "card_secret_reveals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_secret_reveals" ADD CONSTRAINT "card_secret_reveals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_secret_reveals" ADD CONSTRAINT "card_secret_reveals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_secret_reveals_user" ON "card_secret_reveals" USING btree ("user_id","created_at");
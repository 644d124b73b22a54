CREATE TABLE "identity_callback_events" (
	"provider" varchar(8) NOT NULL,
	"event_id" varchar(64) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_workflow_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"step" varchar(8) NOT NULL,
	"file_name" varchar(200) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_workflow_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"provider" varchar(8) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"state" varchar(12) DEFAULT 'started' NOT NULL,
	"outcome" varchar(16),
	"reason" varchar(64),
	"identity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identity_workflow_images" ADD CONSTRAINT "identity_workflow_images_run_id_identity_workflow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."identity_workflow_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_workflow_runs" ADD CONSTRAINT "identity_workflow_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_workflow_runs" ADD CONSTRAINT "identity_workflow_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_workflow_runs" ADD CONSTRAINT "identity_workflow_runs_identity_id_customer_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."customer_identities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_callback_events_id" ON "identity_callback_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_workflow_images_run_step" ON "identity_workflow_images" USING btree ("run_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_workflow_runs_token" ON "identity_workflow_runs" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "identity_workflow_runs_customer" ON "identity_workflow_runs" USING btree ("customer_id","id");
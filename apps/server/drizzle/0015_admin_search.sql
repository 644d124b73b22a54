-- The administrator's customer search (issue 15): names and logins match from their start,
-- case-insensitively, within one brand; account numbers match exactly. A custom migration, since
-- the schema cannot describe expression indexes with an operator class (text_pattern_ops lets
-- LIKE 'prefix%' use the index under any collation).
CREATE INDEX IF NOT EXISTS "customers_brand_first_name_prefix" ON "customers" ("brand_id", lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_brand_last_name_prefix" ON "customers" ("brand_id", lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_brand_business_name_prefix" ON "customers" ("brand_id", lower("business_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_brand_full_name_prefix" ON "customers" ("brand_id", lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_prefix" ON "users" (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_instructions_iban" ON "payment_instructions" ("iban");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payment_instructions_account_number" ON "payment_instructions" ("bank_account_number");

-- A mass batch's submit writes every row once more (its status, transfer and key, decision 125).
-- That write was a new row version plus an entry in each of the table's three indexes, because
-- one of them held the status and the pages were full. With no index on a column the submit
-- writes and room left on each page, PostgreSQL keeps the new version on the old one's page and
-- touches no index (a HOT update). A batch's rows are read through batch_transfer_rows_batch_row
-- (batch_id first), at most 10,000 of them, with the status as a filter.
DROP INDEX IF EXISTS "batch_transfer_rows_batch_status";
--> statement-breakpoint
-- Rows stored from now on leave 55 % of each page free: room for every row of the page to be
-- written once more (a little longer, with its transfer and key). Existing pages are not rewritten.
ALTER TABLE "batch_transfer_rows" SET (fillfactor = 45);

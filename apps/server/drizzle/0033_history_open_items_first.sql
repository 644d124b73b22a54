-- History's rejected and processing counts (decision 122) read each account's items that began
-- pending from postings_account_pending_first, built after the migrations by
-- src/db/online-indexes.ts (CONCURRENTLY on PostgreSQL, decision 118). postings_pending_transfer
-- served the anti-join those counts no longer make; it is dropped here (a catalogue change).
DROP INDEX IF EXISTS "postings_pending_transfer";

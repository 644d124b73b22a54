-- History's open items (decision 109) need two indexes: ledger_transfers_open on ledger_transfers and
-- postings_pending_transfer on postings. They are built after the migrations by
-- src/db/online-indexes.ts, CONCURRENTLY on PostgreSQL (decision 118): a plain CREATE INDEX here, in
-- the migrations' transaction, would stop every posting while it read a large ledger.
SELECT 1;

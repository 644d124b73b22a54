-- ledger_transfer_json of migration 0030, unchanged in what it answers, in PL/pgSQL (decision
-- 129). PostgreSQL plans a LANGUAGE sql function's query again on every call that does not inline
-- it (ledger_post calls it once a transfer: 0.08 ms of planning each time); PL/pgSQL keeps the
-- plan for the connection's life.
CREATE OR REPLACE FUNCTION ledger_transfer_json(v_id uuid, v_replayed boolean) RETURNS jsonb
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT jsonb_build_object(
      'replayed', v_replayed,
      'transfer', jsonb_build_object(
        'id', t.id, 'customerId', t.customer_id, 'kind', t.kind, 'status', t.status,
        'amount', t.amount::text, 'currencyCode', t.currency_code, 'fee', t.fee::text,
        'details', t.details, 'createdAt', t.created_at, 'settledAt', t.settled_at),
      'postings', coalesce((SELECT jsonb_agg(jsonb_build_object(
          'accountId', x.account_id, 'amount', x.amount::text, 'currencyCode', x.currency_code,
          'pending', x.pending) ORDER BY x.id) FROM postings x WHERE x.transfer_id = t.id), '[]'::jsonb))
    FROM ledger_transfers t WHERE t.id = v_id);
END
$$;

-- History shows a transfer on the account's marked posting (decision 122) with the account's net
-- of that phase: the sum of the transfer's postings on the account with the same pending flag.
-- Every history row, capped count with an amount or direction filter, open total and CSV line
-- looked that sum up with a probe of the transfer's postings. Now each posting carries the sum of
-- the account's other legs of its phase (phase_rest), written with it: amount + phase_rest is the
-- net (decision 128). A phase's legs are written together (ledger_post, the batch path, the
-- settled copies of the pending legs), so the value never changes afterwards. It is zero unless a
-- transfer has two legs on one account. No default, so a path that forgets it fails.
--
-- Existing rows: the column arrives as 0 (a default kept in the catalogue, no table rewrite), the
-- few legs that share a transfer's phase with another on their account get their rest, and the
-- default goes. Only those rows are written; the read that finds them is one pass over postings.
ALTER TABLE "postings" ADD COLUMN "phase_rest" numeric(30, 8) DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "postings" p SET "phase_rest" = g.net - p.amount
  FROM (SELECT transfer_id, account_id, pending, sum(amount) AS net FROM "postings"
        GROUP BY transfer_id, account_id, pending HAVING count(*) > 1) g
  WHERE p.transfer_id = g.transfer_id AND p.account_id = g.account_id AND p.pending = g.pending
    AND g.net <> p.amount;
--> statement-breakpoint
ALTER TABLE "postings" ALTER COLUMN "phase_rest" DROP DEFAULT;
--> statement-breakpoint
-- ledger_post of migration 0032, writing the rest.
CREATE OR REPLACE FUNCTION ledger_post(p jsonb, minor jsonb) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_id uuid := (p->>'id')::uuid;
  v_customer integer := (p->>'customerId')::integer;
  v_key text := p->>'idempotencyKey';
  v_pending boolean := (p->>'status') = 'pending';
  v_ids integer[];
  v_legs ledger_leg[];
  v_found integer;
  v_earlier uuid;
  v_hash text;
  v_bad record;
  v_currency text;
  v_amount numeric;
  v_now timestamptz := clock_timestamp();
BEGIN
  SELECT array_agg(DISTINCT (e->>'a')::integer ORDER BY (e->>'a')::integer)
    INTO v_ids FROM jsonb_array_elements(p->'postings') e;
  -- Customer accounts in id order, so two transfers never wait on each other in a cycle.
  PERFORM 1 FROM accounts WHERE id = ANY(v_ids) AND customer_id IS NOT NULL ORDER BY id FOR UPDATE;
  SELECT count(*) INTO v_found FROM accounts WHERE id = ANY(v_ids);
  IF v_found <> cardinality(v_ids) THEN
    RAISE EXCEPTION 'Account not found' USING ERRCODE = 'LL404';
  END IF;

  -- After the locks: a retry racing its first attempt waits on the same rows and then sees it.
  IF v_key IS NOT NULL THEN
    SELECT id, request_hash INTO v_earlier, v_hash FROM ledger_transfers
      WHERE customer_id = v_customer AND idempotency_key = v_key;
    IF v_earlier IS NOT NULL THEN
      IF v_hash IS DISTINCT FROM (p->>'requestHash') THEN
        RAISE EXCEPTION 'idempotency key reused' USING ERRCODE = 'LL409';
      END IF;
      RETURN ledger_transfer_json(v_earlier, true);
    END IF;
  END IF;

  SELECT array_agg(ROW(l.ord, a.id, (l.e->>'m')::numeric, a.currency_code, a.customer_id, a.type,
      a.account_status_id)::ledger_leg ORDER BY l.ord)
    INTO v_legs
    FROM jsonb_array_elements(p->'postings') WITH ORDINALITY l(e, ord)
    JOIN accounts a ON a.id = (l.e->>'a')::integer;

  -- A closed account (or canceled card) takes no postings.
  IF EXISTS (SELECT 1 FROM unnest(v_legs)
             WHERE customer_id IS NOT NULL AND (type = 11 OR status = 4)) THEN
    RAISE EXCEPTION 'The account is closed' USING ERRCODE = 'LL423';
  END IF;
  SELECT currency_code, sum(amount) AS total INTO v_bad FROM unnest(v_legs)
    GROUP BY currency_code HAVING sum(amount) <> 0 ORDER BY min(ord) LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'postings do not sum to zero' USING ERRCODE = 'LL400',
      DETAIL = json_build_object('currency', v_bad.currency_code, 'sum', v_bad.total::text)::text;
  END IF;
  -- No posting finer than its currency is paid in (issue 12).
  SELECT currency_code, amount INTO v_bad FROM unnest(v_legs)
    WHERE scale(trim_scale(amount)) > coalesce((minor->>currency_code)::integer, 2)
    ORDER BY ord LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'finer than the currency' USING ERRCODE = 'LL401',
      DETAIL = json_build_object('currency', v_bad.currency_code, 'amount', v_bad.amount::text)::text;
  END IF;

  -- Only money leaving a customer account is checked: a credit never makes a customer worse off.
  SELECT n.account_id INTO v_bad
    FROM (SELECT account_id, sum(amount) AS net, min(ord) AS first FROM unnest(v_legs)
          WHERE customer_id IS NOT NULL GROUP BY account_id) n
    JOIN accounts a ON a.id = n.account_id
    WHERE n.net < 0
      AND a.balance + CASE WHEN v_pending THEN 0 ELSE n.net END
          - (a.pending_amount + CASE WHEN v_pending THEN -n.net ELSE 0 END)
          < a.account_balance_min
    ORDER BY n.first LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'Insufficient funds' USING ERRCODE = 'LL402',
      DETAIL = json_build_object('accountId', v_bad.account_id)::text;
  END IF;

  SELECT coalesce(p->>'currencyCode', currency_code) INTO v_currency
    FROM unnest(v_legs) ORDER BY ord LIMIT 1;
  v_amount := coalesce((p->>'amount')::numeric, (SELECT coalesce(sum(amount), 0)
    FROM unnest(v_legs) WHERE currency_code = v_currency AND amount > 0));

  INSERT INTO ledger_transfers (id, customer_id, idempotency_key, request_hash, kind, status,
      amount, currency_code, fee, initiated_by_user_id, approved_by_user_id,
      reverses_transfer_id, details, created_at, settled_at)
    VALUES (v_id, v_customer, v_key, p->>'requestHash', p->>'kind', p->>'status', v_amount,
      v_currency, coalesce((p->>'fee')::numeric, 0), (p->>'initiatedByUserId')::integer,
      (p->>'approvedByUserId')::integer, (p->>'reversesTransferId')::uuid,
      coalesce(p->'details', '{}'::jsonb), v_now, CASE WHEN v_pending THEN NULL ELSE v_now END);
  -- Each account's first leg is the transfer's first posting there (decision 122): ids follow ord.
  -- Each leg carries the sum of the account's other legs, all of this phase (decision 128).
  INSERT INTO postings (transfer_id, account_id, amount, currency_code, pending, first_on_account,
      phase_rest)
    SELECT v_id, account_id, amount, currency_code, v_pending,
        row_number() OVER (PARTITION BY account_id ORDER BY ord) = 1,
        sum(amount) OVER (PARTITION BY account_id) - amount
      FROM unnest(v_legs) ORDER BY ord;
  UPDATE accounts a
    SET balance = a.balance + CASE WHEN v_pending THEN 0 ELSE n.net END,
        pending_amount = a.pending_amount + CASE WHEN v_pending THEN greatest(-n.net, 0) ELSE 0 END
    FROM (SELECT account_id, sum(amount) AS net FROM unnest(v_legs)
          WHERE customer_id IS NOT NULL GROUP BY account_id) n
    WHERE a.id = n.account_id;
  IF p ? 'audit' THEN
    INSERT INTO audit_log (user_id, customer_id, action, ip, details)
      VALUES ((p->'audit'->>'userId')::integer, (p->'audit'->>'customerId')::integer,
        p->'audit'->>'action', p->'audit'->>'ip', coalesce(p->'audit'->'details', '{}'::jsonb));
  END IF;
  RETURN ledger_transfer_json(v_id, false);
END
$$;

-- A like, comment or follow between two people and a block between them must not interleave: a
-- write whose statement began before the block committed would check an old snapshot and land
-- after it. Each such write takes a shared transaction lock on the pair, then checks for a block in
-- a fresh snapshot (a volatile PL/pgSQL function's statements each take one, in READ COMMITTED);
-- a block takes the same lock exclusively. So a write either commits before the block goes in, or
-- waits for it and sees it. One key per unordered pair, in the single-key space (two-key advisory
-- locks are used elsewhere with other meanings).
CREATE FUNCTION "user_pair_lock_key"(a integer, b integer) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT (least(a, b)::bigint << 32) | greatest(a, b)::bigint
$$;--> statement-breakpoint
CREATE FUNCTION "no_block_between"(a integer, b integer) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock_shared(user_pair_lock_key(a, b));
  RETURN NOT EXISTS (
    SELECT 1 FROM blocks
    WHERE (blocker_id = a AND blocked_id = b) OR (blocker_id = b AND blocked_id = a));
END $$;

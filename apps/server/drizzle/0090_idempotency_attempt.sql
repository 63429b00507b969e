-- Which attempt holds an Idempotency-Key: a retry that takes over a claim left by a process that died gets a new
-- attempt, and an answer recorded by the old attempt's transaction no longer fits (that transaction rolls back).
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt" text;

-- Per-user and per-address request counters of @fastify/rate-limit when no Redis is configured: every API
-- instance on this database counts in the same rows. Unlogged: counters need no crash safety or replication.
CREATE UNLOGGED TABLE "request_limit" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "request_limit_reset_at_idx" ON "request_limit" ("reset_at");

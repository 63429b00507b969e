-- Safe retries: one row per (user, Idempotency-Key), taken before the work and filled with the answer after it.
CREATE TABLE "idempotency_keys" (
	"user_id" text NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"response" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pk" PRIMARY KEY("user_id","key"),
	CONSTRAINT "idempotency_keys_key_length_check" CHECK (char_length("key") between 1 and 200)
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
--> statement-breakpoint
-- Failed sign-ins per account (its email), shared by every server process.
CREATE TABLE "sign_in_failures" (
	"account" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
-- A video's poster frame, stored beside it.
ALTER TABLE "posts" ADD COLUMN "media_poster_url" text;
--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_poster_path" text;
--> statement-breakpoint
-- A device's push registration belongs to the session that made it: the session_id columns come from
-- 0050_push_devices_follow_session; a token held by another account's live session is refused (push.queries).
-- Whether a deleted post was removed by a moderator is read from the audit log by target.
CREATE INDEX "admin_audit_log_target_idx" ON "admin_audit_log" USING btree ("target_type","target_id");

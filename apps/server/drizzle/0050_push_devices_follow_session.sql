-- A device's push registration belongs to the session that registered it: signing out (or any other end of
-- that session) deletes the session row, and with it the native token and the Web Push subscription, so the
-- next person on the device does not receive the previous account's notifications. Older rows have no session.
ALTER TABLE "notification_tokens" ADD COLUMN "session_id" text REFERENCES "session"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "web_push_subscriptions" ADD COLUMN "session_id" text REFERENCES "session"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "notification_tokens_session_idx" ON "notification_tokens" ("session_id");
--> statement-breakpoint
CREATE INDEX "web_push_subscriptions_session_idx" ON "web_push_subscriptions" ("session_id");

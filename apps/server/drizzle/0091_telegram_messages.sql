-- Whether the Burti bot sends a Telegram fan a message for each new notification (Settings, On by default).
ALTER TABLE "profiles" ADD COLUMN "telegram_messages" boolean DEFAULT true NOT NULL;

ALTER TABLE "clubs" ADD COLUMN "aliases" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "search_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "search_extra" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "sort_key" text DEFAULT '' NOT NULL;

-- The writer's workspace (issue 12, decision 012): conversations get a writer's title, a star,
-- the details that were filled (JSON) and a mode (generate or draft); turns get versions —
-- every version of one exchange shares exchange_id, exactly one is chosen. Existing rows: one
-- version each (exchange_id NULL, version 1, chosen), not starred, derived titles, no details.
ALTER TABLE `query_history` ADD `title` text;--> statement-breakpoint
ALTER TABLE `query_history` ADD `starred` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `query_history` ADD `details` text;--> statement-breakpoint
ALTER TABLE `query_history` ADD `mode` text DEFAULT 'generate' NOT NULL;--> statement-breakpoint
CREATE INDEX `query_history_user_starred_idx` ON `query_history` (`user_id`,`starred`,`created_at`);--> statement-breakpoint
ALTER TABLE `query_messages` ADD `exchange_id` text;--> statement-breakpoint
ALTER TABLE `query_messages` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `query_messages` ADD `chosen` integer DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX `query_messages_exchange_idx` ON `query_messages` (`exchange_id`);
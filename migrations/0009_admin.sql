-- The owner's console and writers' data (issue 14, decision 014): every published version of a
-- tool's system prompt, the owner's settings (model, trial guard) as validated JSON, the
-- append-only audit log of admin actions (no foreign keys: it outlives the accounts it names),
-- each writer's last activity for the writers list, and the indexes the overview reads by time.
CREATE TABLE `admin_audit` (
	`id` text PRIMARY KEY NOT NULL,
	`admin_id` text NOT NULL,
	`admin_email` text NOT NULL,
	`action` text NOT NULL,
	`target_user_id` text,
	`target` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_audit_created_idx` ON `admin_audit` (`created_at`);--> statement-breakpoint
CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_by_email` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `system_prompt_versions` (
	`id` text PRIMARY KEY NOT NULL,
	`query_type` text NOT NULL,
	`prompt_text` text,
	`created_by_email` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `system_prompt_versions_type_created_idx` ON `system_prompt_versions` (`query_type`,`created_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `last_active_at` integer;--> statement-breakpoint
CREATE INDEX `users_last_active_idx` ON `users` (`last_active_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `usage_events_created_idx` ON `usage_events` (`created_at`);
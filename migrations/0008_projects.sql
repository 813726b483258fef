-- Projects and the story bible (issue 13, decision 013): a writer's projects with the bible's
-- fixed sections, the bible's entries, the project a conversation was started in (deleting a
-- project with "detach" keeps its conversations, with no project), the writer's active project
-- (no foreign key: read back only when it names their own, unarchived project) and, per answer,
-- what the context block used and left out. drizzle-kit leaves ON DELETE off an added column's
-- reference: it is written here by hand (the snapshot has it).
CREATE TABLE `bible_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`project_id` text NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`name` text NOT NULL,
	`aliases` text DEFAULT '[]' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`always_include` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bible_entries_project_name_idx` ON `bible_entries` (`project_id`,`name`);--> statement-breakpoint
CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`title` text NOT NULL,
	`logline` text DEFAULT '' NOT NULL,
	`kind` text,
	`synopsis` text DEFAULT '' NOT NULL,
	`genre_tone` text DEFAULT '' NOT NULL,
	`setting` text DEFAULT '' NOT NULL,
	`style_notes` text DEFAULT '' NOT NULL,
	`style_sample` text DEFAULT '' NOT NULL,
	`archived_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `projects_user_updated_idx` ON `projects` (`user_id`,`updated_at`);--> statement-breakpoint
ALTER TABLE `query_history` ADD `project_id` text REFERENCES projects(id) ON DELETE set null;--> statement-breakpoint
CREATE INDEX `query_history_user_project_idx` ON `query_history` (`user_id`,`project_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `query_messages` ADD `context_used` text;--> statement-breakpoint
ALTER TABLE `users` ADD `active_project_id` text;
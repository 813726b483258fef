-- Trust (issue 11, decision 011): e-mail verification tokens (hashed, 24 h, single use) and the
-- users' verified time; the hourly sign-up count per client IP; the one Checkout session a
-- customer may still pay. Existing accounts start unverified: the dashboard offers them the link.
-- An account made admin before this migration keeps that right (the operator's OWNER_EMAIL
-- granted it); from now on sign-up never grants it, only a verified OWNER_EMAIL does.
CREATE TABLE `email_verification_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `email_verification_tokens_user_id_idx` ON `email_verification_tokens` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `signup_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signup_attempts_ip_created_idx` ON `signup_attempts` (`ip`,`created_at`);--> statement-breakpoint
ALTER TABLE `user_subscriptions` ADD `checkout_session_id` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email_verified_at` integer;
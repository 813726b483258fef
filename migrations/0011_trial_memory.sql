-- Trial memory (issue 31, decision 011): what was left of the free trial of an address whose
-- account was deleted, under a keyed hash of the normalised address only, so deleting an account
-- and signing up again continues the trial instead of starting a fresh one.
CREATE TABLE `trial_memory` (
	`address_hash` text PRIMARY KEY NOT NULL,
	`conversations_left` integer NOT NULL,
	`trial_ends_at` integer,
	`updated_at` integer NOT NULL
);

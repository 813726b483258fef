-- The owner's overview (issue 14, decision 014): each generation's time to the first token, and
-- usage_events summed per UTC day (usage_days) and per day and 10 ms step of the first token
-- (first_token_days). Triggers keep both in step with every insert and delete of a usage event,
-- so the overview reads at most 30 days of sums instead of scanning the events; existing events
-- are summed once below. An index counts new conversations per day across all writers.
CREATE TABLE `first_token_days` (
	`day` integer NOT NULL,
	`bucket_ms` integer NOT NULL,
	`calls` integer NOT NULL,
	PRIMARY KEY(`day`, `bucket_ms`)
);
--> statement-breakpoint
CREATE TABLE `usage_days` (
	`day` integer PRIMARY KEY NOT NULL,
	`calls` integer NOT NULL,
	`bad` integer NOT NULL,
	`input_tokens` integer NOT NULL,
	`output_tokens` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `usage_events` ADD `first_token_ms` integer;--> statement-breakpoint
CREATE INDEX `query_history_created_idx` ON `query_history` (`created_at`);--> statement-breakpoint
CREATE TRIGGER `usage_days_insert` AFTER INSERT ON `usage_events` BEGIN
  INSERT INTO `usage_days` (`day`, `calls`, `bad`, `input_tokens`, `output_tokens`)
  VALUES (CAST(new.`created_at` / 86400000 AS INTEGER), 1, new.`outcome` IN ('failed', 'interrupted'), coalesce(new.`input_tokens`, 0), coalesce(new.`output_tokens`, 0))
  ON CONFLICT (`day`) DO UPDATE SET
    `calls` = `calls` + 1,
    `bad` = `bad` + excluded.`bad`,
    `input_tokens` = `input_tokens` + excluded.`input_tokens`,
    `output_tokens` = `output_tokens` + excluded.`output_tokens`;
  INSERT INTO `first_token_days` (`day`, `bucket_ms`, `calls`)
  SELECT CAST(new.`created_at` / 86400000 AS INTEGER), CAST(new.`first_token_ms` / 10 AS INTEGER) * 10, 1 WHERE new.`first_token_ms` IS NOT NULL
  ON CONFLICT (`day`, `bucket_ms`) DO UPDATE SET `calls` = `calls` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `usage_days_delete` AFTER DELETE ON `usage_events` BEGIN
  UPDATE `usage_days` SET
    `calls` = `calls` - 1,
    `bad` = `bad` - (old.`outcome` IN ('failed', 'interrupted')),
    `input_tokens` = `input_tokens` - coalesce(old.`input_tokens`, 0),
    `output_tokens` = `output_tokens` - coalesce(old.`output_tokens`, 0)
  WHERE `day` = CAST(old.`created_at` / 86400000 AS INTEGER);
  UPDATE `first_token_days` SET `calls` = `calls` - 1
  WHERE old.`first_token_ms` IS NOT NULL AND `day` = CAST(old.`created_at` / 86400000 AS INTEGER) AND `bucket_ms` = CAST(old.`first_token_ms` / 10 AS INTEGER) * 10;
END;--> statement-breakpoint
INSERT INTO `usage_days` (`day`, `calls`, `bad`, `input_tokens`, `output_tokens`)
SELECT CAST(`created_at` / 86400000 AS INTEGER), count(*), sum(`outcome` IN ('failed', 'interrupted')), coalesce(sum(`input_tokens`), 0), coalesce(sum(`output_tokens`), 0)
FROM `usage_events` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `first_token_days` (`day`, `bucket_ms`, `calls`)
SELECT CAST(`created_at` / 86400000 AS INTEGER), CAST(`first_token_ms` / 10 AS INTEGER) * 10, count(*)
FROM `usage_events` WHERE `first_token_ms` IS NOT NULL GROUP BY 1, 2;

-- History pages: keyset pagination on (user_id, created_at, id), a stable integer key on
-- query_messages for the full-text index, every conversation's turns in query_messages, and
-- an FTS5 index over every turn (prompt, answers, follow-ups) for the history search.
DROP INDEX `query_history_user_created_idx`;--> statement-breakpoint
CREATE INDEX `query_history_user_created_idx` ON `query_history` (`user_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `__new_query_messages` (
	`seq` integer PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`conversation_id` text NOT NULL,
	`role` text NOT NULL,
	`content` text NOT NULL,
	`status` text DEFAULT 'complete' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `query_history`(`conversation_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_query_messages`("seq", "id", "conversation_id", "role", "content", "status", "created_at") SELECT rowid, "id", "conversation_id", "role", "content", "status", "created_at" FROM `query_messages`;--> statement-breakpoint
DROP TABLE `query_messages`;--> statement-breakpoint
ALTER TABLE `__new_query_messages` RENAME TO `query_messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `query_messages_id_unique` ON `query_messages` (`id`);--> statement-breakpoint
CREATE INDEX `query_messages_conversation_idx` ON `query_messages` (`conversation_id`,`created_at`);--> statement-breakpoint
-- Conversations saved before turns were kept (only query_text/response_text) get their one
-- exchange as turns, so threads, follow-ups and search read one place.
INSERT INTO `query_messages` (`id`, `conversation_id`, `role`, `content`, `status`, `created_at`)
SELECT lower(hex(randomblob(16))), x.conversation_id, x.role, x.content, 'complete', x.created_at FROM (
  SELECT h.conversation_id, 'user' AS role, h.query_text AS content, h.created_at, 0 AS part FROM `query_history` h
  WHERE NOT EXISTS (SELECT 1 FROM `query_messages` m WHERE m.conversation_id = h.conversation_id)
  UNION ALL
  SELECT h.conversation_id, 'assistant', h.response_text, max(h.updated_at, h.created_at + 1), 1 FROM `query_history` h
  WHERE NOT EXISTS (SELECT 1 FROM `query_messages` m WHERE m.conversation_id = h.conversation_id)
) x ORDER BY x.conversation_id, x.part;--> statement-breakpoint
CREATE VIRTUAL TABLE `query_messages_fts` USING fts5(
	content,
	content='query_messages',
	content_rowid='seq',
	tokenize='porter unicode61 remove_diacritics 2'
);--> statement-breakpoint
CREATE TRIGGER `query_messages_fts_insert` AFTER INSERT ON `query_messages` BEGIN
	INSERT INTO `query_messages_fts` (rowid, content) VALUES (new.seq, new.content);
END;--> statement-breakpoint
CREATE TRIGGER `query_messages_fts_delete` AFTER DELETE ON `query_messages` BEGIN
	INSERT INTO `query_messages_fts` (`query_messages_fts`, rowid, content) VALUES ('delete', old.seq, old.content);
END;--> statement-breakpoint
CREATE TRIGGER `query_messages_fts_update` AFTER UPDATE OF content ON `query_messages` BEGIN
	INSERT INTO `query_messages_fts` (`query_messages_fts`, rowid, content) VALUES ('delete', old.seq, old.content);
	INSERT INTO `query_messages_fts` (rowid, content) VALUES (new.seq, new.content);
END;--> statement-breakpoint
INSERT INTO `query_messages_fts` (`query_messages_fts`) VALUES ('rebuild');

-- The trial counts conversations, not turns (ARCHITECTURE section 10, decision 010): each
-- conversation started with a trial query carries its own follow-up allowance. NULL means the
-- conversation has no trial allowance (it was started by an admin or a subscriber). The app
-- always writes the column; the default gives rows saved by a version that predates it (while
-- a deploy is rolling out) the trial allowance rather than none.
ALTER TABLE `query_history` ADD `trial_follow_ups_used` integer DEFAULT 0;--> statement-breakpoint
-- Conversations that exist already. A trial writer's get the allowance, with the follow-ups
-- already made counted against it (each of those was paid for with a query under the old
-- rules, so nobody loses anything); writers keep their queries_remaining as it is. An admin's
-- or a subscriber's conversations have no trial allowance, like the ones they start from now on.
UPDATE `query_history` SET `trial_follow_ups_used` = max(0, (
  SELECT count(*) FROM `query_messages` m
  WHERE m.conversation_id = `query_history`.conversation_id AND m.role = 'assistant'
) - 1)
WHERE `user_id` IN (SELECT `user_id` FROM `user_subscriptions` WHERE `is_admin` = 0 AND `is_subscribed` = 0);--> statement-breakpoint
UPDATE `query_history` SET `trial_follow_ups_used` = NULL
WHERE `user_id` IN (SELECT `user_id` FROM `user_subscriptions` WHERE `is_admin` = 1 OR `is_subscribed` = 1);

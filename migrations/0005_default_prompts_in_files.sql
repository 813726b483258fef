-- The default system prompts now ship with the code, one Markdown file per tool
-- (app/catalog/prompts/<query_type>.md), and system_prompts keeps only an owner's edits.
-- Rows 0001 seeded and nobody changed since (their updated_at is still the seed's) go, so the
-- files take over; an edited row stays and still wins over its file.
DELETE FROM `system_prompts`
WHERE `updated_at` = 1795219200000
  AND `query_type` IN (
    'fictional_prose_unified',
    'poetry_unified',
    'nonfiction_unified',
    'content_creation_unified',
    'songwriting_unified',
    'stage_screen_unified'
  );

-- The change log's resources take core's catalogue names (packages/core/src/events/resources.ts):
-- one style, camelCase. Entries written before keep working for a stream that resumes across
-- the upgrade: they are renamed in place.
UPDATE "change_log" SET "resource" = CASE "resource"
  WHEN 'contact-pipeline' THEN 'contactPipeline'
  WHEN 'contact_tag' THEN 'contactTag'
  WHEN 'stage-history' THEN 'stageHistory'
  WHEN 'bulk-job' THEN 'bulkJob'
  WHEN 'feature-flags' THEN 'featureFlags'
END
WHERE "resource" IN ('contact-pipeline', 'contact_tag', 'stage-history', 'bulk-job', 'feature-flags');
